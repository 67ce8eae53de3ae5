import { randomUUID } from 'node:crypto';
import { splitGift, tokensToCents } from '@sweetwish/shared/money';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { SUBSCRIPTION_MESSAGES } from '@sweetwish/shared/subscriptions';
import type {
  BuyInput,
  BuyResult,
  Purchase,
  PurchasePage,
  ReceivedItem,
  ReceivedPage,
  TipInput,
  TipResult,
} from '@sweetwish/shared/wallet';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { Change } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { keyedId } from '../../http/idempotency/keyed-id';
import { getGiftRecipient } from '../accounts/service';
import {
  type LedgerTransfer,
  PLATFORM_ACCOUNTS,
  pendingAccountId,
  postTransfer,
  spendAccountId,
} from '../ledger/service';
import { getWishForSale } from '../wishes/service';
import type { GiftPoster } from './gift-batcher';
import {
  clearProductImagesOfSeller,
  findBuyerPurchase,
  findLastSellerSeq,
  findPurchaseParties,
  findPurchasesByTransfer,
  findSellerReceived,
  findTopGiftersSince,
  type GiftPosting,
  type GiftResult,
  hasBought,
  insertPurchase,
  listBuyerPurchases,
  listSellerGiftsAfter,
  listSellerReceived,
  markReceivedSeen,
  type NewPurchase,
  postGifts,
  setPurchaseConversation,
  summariseActivity,
  sumNamedGifts,
  sumSellerGiftsSince,
} from './repo';

/**
 * The ledger transfer of a gift or tip: the buyer pays the gross (bought tokens first, decision 017); the
 * recipient and the recipient's affiliate receive their parts as pending earnings, the platform and
 * processing theirs (architecture.md section 3).
 */
function giftTransfer(purchase: NewPurchase): LedgerTransfer {
  const { split } = purchase;
  const entries = [
    { accountId: spendAccountId(purchase.buyerId), amountCents: -split.grossCents },
    { accountId: pendingAccountId(purchase.sellerId), amountCents: split.recipientCents },
    { accountId: PLATFORM_ACCOUNTS.revenue, amountCents: split.platformCents },
    { accountId: PLATFORM_ACCOUNTS.processing, amountCents: split.processingCents },
  ];
  if (purchase.affiliateId && split.affiliateCents > 0) {
    entries.push({ accountId: pendingAccountId(purchase.affiliateId), amountCents: split.affiliateCents });
  }
  return {
    kind: purchase.type === 'tip' ? 'tip' : 'purchase',
    idempotencyKey: `purchase:${purchase.id}`,
    entries: entries.filter((e) => e.amountCents !== 0),
  };
}

/** Who hears of a gift or tip: both wallets, the buyer's purchases, the recipient's received list. */
function giftChanges(purchase: NewPurchase): Change[] {
  const changes: Change[] = [
    { topic: 'wallet', userId: purchase.buyerId },
    { topic: 'purchases', userId: purchase.buyerId },
    { topic: 'wallet', userId: purchase.sellerId },
    { topic: 'received', userId: purchase.sellerId },
  ];
  if (purchase.affiliateId) changes.push({ topic: 'wallet', userId: purchase.affiliateId });
  if (purchase.type === 'standard') changes.push({ topic: 'wishes', userId: purchase.sellerId });
  return changes;
}

/**
 * A gift paid from tokens already taken from the buyer: a group gift's held contribution (decision 033).
 * Its transfer moves them from `sourceAccountId` to the creator, the affiliate and the platform under the
 * usual split, and its purchase row shows it in the buyer's purchases and the creator's received list, and
 * opens a conversation as any purchase does. No notification: the caller sends one for the group gift.
 * Call in a transaction. Answers its transfer, or undefined when it was posted before.
 */
export async function recordPrepaidGift(
  db: Database,
  purchase: NewPurchase,
  sourceAccountId: string,
): Promise<string | undefined> {
  const transfer = giftTransfer(purchase);
  const entries = transfer.entries.map((e) =>
    e.accountId === spendAccountId(purchase.buyerId) ? { ...e, accountId: sourceAccountId } : e,
  );
  const transferId = await postTransfer(db, { ...transfer, entries });
  if (!transferId) return undefined;
  await insertPurchase(db, purchase, transferId, giftChanges(purchase));
  return transferId;
}

/** What post_gifts() posts for a gift or tip: its row, its transfer, who hears of it, the wish it claims. */
export function giftPosting(purchase: NewPurchase, claim?: GiftPosting['claim']): GiftPosting {
  return { purchase, transfer: giftTransfer(purchase), changes: giftChanges(purchase), claim };
}

/** Posts a gift or tip through the batcher; product.md's message when the buyer cannot have it. */
async function pay(post: GiftPoster, purchase: NewPurchase, claim?: GiftPosting['claim']) {
  const result = await post(giftPosting(purchase, claim));
  if (result === 'insufficient_balance') {
    throw new AppError('INSUFFICIENT_BALANCE', WALLET_MESSAGES.insufficientBalance);
  }
  if (result === 'unavailable') throw new AppError('CONFLICT', WALLET_MESSAGES.alreadyPurchased);
  if (result === 'recipient_closed') throw new AppError('NOT_FOUND', 'User Not Found');
  if (result === 'on_hold') throw new AppError('FORBIDDEN', WALLET_MESSAGES.onHold);
  if (result === 'gifts_refused') throw new AppError('FORBIDDEN', SAFETY_MESSAGES.giftsRefused);
}

async function recipientOf(db: Database, buyerId: string, recipientId: string) {
  if (recipientId === buyerId) throw new AppError('FORBIDDEN', 'You cannot send a gift to yourself');
  const recipient = await getGiftRecipient(db, recipientId);
  if (!recipient) throw new AppError('NOT_FOUND', 'User Not Found');
  // Whether the recipient refuses this buyer's gifts is checked by post_gifts(), in the payment's transaction.
  return recipient;
}

/**
 * A new gift's id: with the request's Idempotency-Key, the same for every retry (decision 019), so a
 * retry that runs again finds the gift the first attempt made; without one, random.
 */
function newPurchaseId(buyerId: string, requestKey: string | undefined): string {
  return requestKey === undefined ? randomUUID() : keyedId('purchase', buyerId, requestKey);
}

/**
 * Whether this buyer's gift of that id exists already: a keyed retry of a request that went through. A
 * request without a key has a new random id, which nothing can have yet: no need to ask.
 */
async function isPaid(db: Database, buyerId: string, id: string, requestKey: string | undefined): Promise<boolean> {
  if (requestKey === undefined) return false;
  return (await findPurchaseParties(db, id))?.buyerId === buyerId;
}

/** sendTip: the whole amount leaves the buyer's wallet, or nothing does. */
export async function sendTip(
  db: Database,
  post: GiftPoster,
  buyerId: string,
  input: TipInput,
  requestKey?: string,
): Promise<TipResult> {
  const id = newPurchaseId(buyerId, requestKey);
  if (await isPaid(db, buyerId, id, requestKey)) return { tipId: id };
  const recipient = await recipientOf(db, buyerId, input.recipientId);
  const purchase: NewPurchase = {
    id,
    type: 'tip',
    buyerId,
    sellerId: recipient.id,
    split: splitGift(tokensToCents(input.amount), recipient.affiliateId !== undefined),
    affiliateId: recipient.affiliateId,
    isAnonymous: input.isAnonymous ?? false,
  };
  await pay(post, purchase);
  return { tipId: purchase.id };
}

/**
 * buyProduct: the price is the wish's, never the caller's. A single-purchase wish is marked sold in the
 * payment's own statement, at the price read here: of many buyers one pays and the others are not charged.
 */
export async function buyWish(
  db: Database,
  post: GiftPoster,
  buyerId: string,
  input: BuyInput,
  requestKey?: string,
): Promise<BuyResult> {
  const id = newPurchaseId(buyerId, requestKey);
  if (await isPaid(db, buyerId, id, requestKey)) return { purchaseId: id };
  const recipient = await recipientOf(db, buyerId, input.sellerId);
  const wish = await getWishForSale(db, input.productId, input.sellerId);
  if (wish.type === 'subscription') throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.isSubscription);
  const purchase: NewPurchase = {
    id,
    type: 'standard',
    buyerId,
    sellerId: recipient.id,
    product: { id: wish.id, name: wish.name, image: wish.image },
    split: splitGift(tokensToCents(wish.cost), recipient.affiliateId !== undefined),
    affiliateId: recipient.affiliateId,
    isAnonymous: input.isAnonymous ?? false,
  };
  const claim = wish.allowRepeatPurchases ? undefined : { wishId: wish.id, sellerId: wish.sellerId, cost: wish.cost };
  await pay(post, purchase, claim);
  return { purchaseId: purchase.id };
}

/**
 * Posts one purchase in the caller's transaction, through post_gifts() like every gift (its split, lots,
 * notification and changes): a subscription's month (decision 034), recorded with the caller's own rows.
 */
export async function postPurchaseNow(db: Database, purchase: NewPurchase): Promise<GiftResult> {
  const [result] = await postGifts(db, [giftPosting(purchase)]);
  return result as GiftResult;
}

type PurchaseRow = NonNullable<Awaited<ReturnType<typeof findBuyerPurchase>>>;
type ReceivedRow = NonNullable<Awaited<ReturnType<typeof findSellerReceived>>>;

function productOf(row: PurchaseRow | ReceivedRow) {
  return row.productId && row.productName
    ? { id: row.productId, name: row.productName, image: row.productImage }
    : null;
}

function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    type: row.type,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
    isAnonymous: row.isAnonymous,
    seller: {
      id: row.seller.id,
      handle: row.seller.handle ?? '',
      displayName: row.seller.displayName ?? '',
      photoUrl: row.seller.photoUrl,
    },
    product: productOf(row),
    conversationId: row.conversationId,
    reversedCents: row.reversedCents,
    isRenewal: row.isRenewal,
  };
}

/** The recipient sees no trace of an anonymous buyer, nor of one without a public profile (architecture.md §11). */
function toReceived(row: ReceivedRow): ReceivedItem {
  const { buyer } = row;
  const isKnown = !row.isAnonymous && buyer.handle !== null && buyer.displayName !== null;
  return {
    id: row.id,
    type: row.type,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
    isSeen: row.seenAt !== null,
    buyer: isKnown
      ? { id: buyer.id, handle: buyer.handle ?? '', displayName: buyer.displayName ?? '', photoUrl: buyer.photoUrl }
      : null,
    product: productOf(row),
    conversationId: row.conversationId,
    feesCents: row.costCents - row.recipientCents,
    netCents: row.recipientCents,
    reversedCents: row.reversedCents,
    isRenewal: row.isRenewal,
  };
}

export async function listPurchases(db: Database, buyerId: string, page: PageRequest): Promise<PurchasePage> {
  const { rows, nextCursor } = cutPage(await listBuyerPurchases(db, buyerId, page), page, (row) => row.id);
  return { items: rows.map(toPurchase), nextCursor };
}

/** One purchase of the buyer's own; anyone else's is "Purchase does not exist.". */
export async function getPurchase(db: Database, buyerId: string, id: string): Promise<Purchase> {
  const row = await findBuyerPurchase(db, buyerId, id);
  if (!row) throw new AppError('NOT_FOUND', WALLET_MESSAGES.purchaseMissing);
  return toPurchase(row);
}

export async function listReceived(db: Database, sellerId: string, page: PageRequest): Promise<ReceivedPage> {
  const { rows, nextCursor } = cutPage(await listSellerReceived(db, sellerId, page), page, (row) => row.id);
  return { items: rows.map(toReceived), nextCursor };
}

/** One received item of the recipient's own. */
export async function getReceived(db: Database, sellerId: string, id: string): Promise<ReceivedItem> {
  const row = await findSellerReceived(db, sellerId, id);
  if (!row) throw new AppError('NOT_FOUND', WALLET_MESSAGES.somethingWrong);
  return toReceived(row);
}

/** Opening a received item marks it seen; only its recipient can, and only once. */
export async function markSeen(db: Database, sellerId: string, id: string): Promise<void> {
  if (!(await markReceivedSeen(db, sellerId, id))) {
    await getReceived(db, sellerId, id); // 404 for anyone else's; already seen is fine
  }
}

/** Whether the user bought or received anything, and how many received items are unseen. */
export async function getGiftActivity(db: Database, userId: string) {
  return summariseActivity(db, userId);
}

export type PurchaseParties = NonNullable<Awaited<ReturnType<typeof findPurchaseParties>>>;

/** A purchase's buyer, recipient and what was bought, or undefined: for its conversation (conversations module). */
export async function getPurchaseParties(db: Database, purchaseId: string): Promise<PurchaseParties | undefined> {
  return findPurchaseParties(db, purchaseId);
}

/** Call in the transaction that creates the purchase's conversation. */
export async function attachConversation(db: Database, purchaseId: string, conversationId: string): Promise<void> {
  await setPurchaseConversation(db, purchaseId, conversationId);
}

/** Call in the transaction that deletes a seller's account: the records keep names and amounts, not pictures. */
export async function forgetProductImagesOf(db: Database, sellerId: string): Promise<void> {
  await clearProductImagesOfSeller(db, sellerId);
}

/** Whether the fan has rewarded the creator: what lets them join the creator's fan base (product.md section 1). */
export async function hasRewarded(db: Database, fanId: string, creatorId: string): Promise<boolean> {
  return hasBought(db, fanId, creatorId);
}

/** Cents each fan gave the creator under their name; anonymous gifts stay anonymous. */
export async function namedTotalsGiven(
  db: Database,
  creatorId: string,
  fanIds: string[],
): Promise<Map<string, number>> {
  const rows = await sumNamedGifts(db, creatorId, fanIds);
  return new Map(rows.map((r) => [r.buyerId, Number(r.totalCents)]));
}

export type PurchaseOfTransfer = Awaited<ReturnType<typeof findPurchasesByTransfer>>[number];

/** The purchases behind ledger transfers, by transfer id (the earnings statement). */
export async function purchasesOfTransfers(
  db: Database,
  transferIds: string[],
): Promise<Map<string, PurchaseOfTransfer>> {
  return new Map((await findPurchasesByTransfer(db, transferIds)).map((p) => [p.transferId, p]));
}

export type OverlayGift = {
  /** The gift's number; for a group gift's grant, its last contribution's. */
  seq: number;
  type: 'standard' | 'tip';
  costCents: number;
  /** The buyer's display name; null when anonymous or without a public profile ("Anonymous"). */
  buyerName: string | null;
  /**
   * How many fans gave it as its wish page counts them (decision 033): each named fan once and the anonymous
   * contributions as one, so the count never tells whose an anonymous share was. More than 1 only for a
   * group gift's grant.
   */
  contributors: number;
  product: { name: string; image: string | null } | null;
};

type SellerGiftRow = Awaited<ReturnType<typeof listSellerGiftsAfter>>[number];

/** Whether two purchases are contributions of the same group gift's grant (one transaction, one wish). */
const isSameGrant = (a: SellerGiftRow, b: SellerGiftRow) =>
  a.isGroupGift && b.isGroupGift && a.productId === b.productId && a.createdAt.getTime() === b.createdAt.getTime();

/** Appends to `run`, a grant that filled a read, its contributions after it, `limit` at a time. */
async function readRestOfGrant(db: Database, sellerId: string, run: SellerGiftRow[], limit: number) {
  for (;;) {
    const last = run.at(-1) as SellerGiftRow;
    const rows = await listSellerGiftsAfter(db, sellerId, last.seq, limit);
    const end = rows.findIndex((row) => !isSameGrant(last, row));
    const more = end === -1 ? rows : rows.slice(0, end);
    run.push(...more);
    if (more.length < limit) return;
  }
}

/**
 * The recipient's gifts after number `afterSeq`, in order (the stream overlay, decision 031), reading
 * `limit` purchases at a time: a group gift's grant is one gift however many fans contributed (one alert,
 * not one per contributor). A grant the read cut short is left for the next read; one that fills the read
 * is read on to its end. `isFull`: the read stopped at `limit`, so more may follow.
 */
export async function giftsAfter(
  db: Database,
  sellerId: string,
  afterSeq: number,
  limit: number,
): Promise<{ gifts: OverlayGift[]; isFull: boolean }> {
  const rows = await listSellerGiftsAfter(db, sellerId, afterSeq, limit);
  const runs: SellerGiftRow[][] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && isSameGrant(last, row)) run.push(row);
    else runs.push([row]);
  }
  const isFull = rows.length === limit;
  const lastRun = runs.at(-1);
  if (isFull && lastRun?.[0]?.isGroupGift) {
    if (runs.length > 1) runs.pop();
    else await readRestOfGrant(db, sellerId, lastRun, limit);
  }
  const isKnown = (row: SellerGiftRow) =>
    !row.isAnonymous && row.buyer.handle !== null && row.buyer.displayName !== null && !row.buyer.deletedAt;
  const gifts = runs.map((run) => {
    const first = run[0] as SellerGiftRow;
    const named = new Set(run.filter(isKnown).map((row) => row.buyerId));
    return {
      seq: (run.at(-1) as SellerGiftRow).seq,
      type: first.type,
      costCents: run.reduce((sum, row) => sum + row.costCents, 0),
      buyerName: isKnown(first) ? first.buyer.displayName : null,
      contributors: named.size + (run.some((row) => !isKnown(row)) ? 1 : 0),
      product:
        first.type === 'standard' && first.productName ? { name: first.productName, image: first.productImage } : null,
    };
  });
  return { gifts, isFull };
}

/** The number of the recipient's latest gift (0 before any): where a new overlay starts. */
export async function lastGiftSeq(db: Database, sellerId: string): Promise<number> {
  return findLastSellerSeq(db, sellerId);
}

/** Cents the recipient received since a moment (gifts and tips, as given). */
export async function giftsTotalSinceAt(db: Database, sellerId: string, since: Date): Promise<number> {
  return sumSellerGiftsSince(db, sellerId, since);
}

/** Top gifters since a moment; `buyerName` null is every anonymous gift together. */
export async function topGiftersSince(db: Database, sellerId: string, since: Date, limit: number) {
  const rows = await findTopGiftersSince(db, sellerId, since, limit);
  return rows.map((r) => ({ buyerName: r.buyerId ? r.displayName : null, totalCents: Number(r.totalCents) }));
}

// The upload sweep (use-cases/upload-sweep.ts) asks this in its one locked statement over uploads.
// Refunds and disputes (checkout), group gifts and the overlay read and mark purchases in their own statements.
export { changePurchaseReversed, findPurchaseSplit, giftsTotalSince, isPurchaseImage, type NewPurchase } from './repo';
