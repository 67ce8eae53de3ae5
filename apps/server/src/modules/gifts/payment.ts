import { randomUUID } from 'node:crypto';
import { splitGift, tokensToCents } from '@sweetwish/shared/money';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { SUBSCRIPTION_MESSAGES } from '@sweetwish/shared/subscriptions';
import type { BuyInput, BuyResult, TipInput, TipResult } from '@sweetwish/shared/wallet';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { Change } from '../../changes/change-feed';
import type { Database } from '../../db/client';
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
import { messageOfGift } from './gift-messages';
import {
  findPurchaseParties,
  type GiftPosting,
  type GiftResult,
  insertPurchase,
  type NewPurchase,
  postGifts,
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
    message: await messageOfGift(db, buyerId, recipient.id, input.message),
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
    message: await messageOfGift(db, buyerId, recipient.id, input.message),
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
