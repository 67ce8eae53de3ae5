import type { FeeSplit } from '@sweetwish/shared/money';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Change, notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { ledgerTransfersPosted } from '../../metrics/registry';
import { people } from '../accounts/people';
import type { LedgerTransfer } from '../ledger/service';
import { purchases } from './tables';

export type NewPurchase = {
  id: string;
  type: 'standard' | 'tip';
  buyerId: string;
  sellerId: string;
  product?: { id: string; name: string; image: string | null };
  split: FeeSplit;
  affiliateId: string | undefined;
  isAnonymous: boolean;
};

/** One gift or tip for post_gifts(): its row, its ledger transfer, who hears of it, and the wish it claims. */
export type GiftPosting = {
  purchase: NewPurchase;
  transfer: LedgerTransfer;
  changes: Change[];
  /** A single-purchase wish to mark sold, at the price paid; it must still be for sale. */
  claim?: { wishId: string; sellerId: string; cost: number };
};

export type GiftResult =
  | 'ok'
  | 'insufficient_balance'
  | 'unavailable'
  | 'recipient_closed'
  | 'on_hold'
  /** The recipient blocked the buyer and refuses their gifts (decision 028). */
  | 'gifts_refused';

function toJson({ purchase, transfer, changes, claim }: GiftPosting) {
  const { split } = purchase;
  return {
    purchase: {
      id: purchase.id,
      type: purchase.type,
      buyer_id: purchase.buyerId,
      seller_id: purchase.sellerId,
      product_id: purchase.product?.id ?? null,
      product_name: purchase.product?.name ?? null,
      product_image: purchase.product?.image ?? null,
      cost_cents: split.grossCents,
      recipient_cents: split.recipientCents,
      affiliate_id: purchase.affiliateId ?? null,
      affiliate_cents: split.affiliateCents,
      platform_cents: split.platformCents,
      processing_cents: split.processingCents,
      is_anonymous: purchase.isAnonymous,
      // post_gifts() fills the row from this object, where a missing column is null, not its default.
      reversed_cents: 0,
    },
    kind: transfer.kind,
    key: transfer.idempotencyKey,
    accounts: transfer.entries.map((e) => e.accountId),
    amounts: transfer.entries.map((e) => e.amountCents),
    notify: changes.map((change) => JSON.stringify(change)),
    claim: claim ? { wish_id: claim.wishId, seller_id: claim.sellerId, cost: claim.cost } : null,
  };
}

/**
 * Records a purchase whose transfer was posted already (a group gift's share, decision 033) and announces
 * its changes on commit. Call in the transaction of the transfer.
 */
export async function insertPurchase(db: Database, purchase: NewPurchase, transferId: string, changes: Change[]) {
  const row = toJson({ purchase, transfer: { kind: 'purchase', idempotencyKey: '', entries: [] }, changes }).purchase;
  await db.insert(purchases).values({
    id: row.id,
    type: row.type,
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    productId: row.product_id,
    productName: row.product_name,
    productImage: row.product_image,
    costCents: row.cost_cents,
    recipientCents: row.recipient_cents,
    affiliateId: row.affiliate_id,
    affiliateCents: row.affiliate_cents,
    platformCents: row.platform_cents,
    processingCents: row.processing_cents,
    isAnonymous: row.is_anonymous,
    transferId,
  });
  for (const change of changes) await notifyChange(db, change);
}

/**
 * Pays for gifts and tips and records them, in one statement and one commit (post_gifts() of the
 * post_gifts migration): per item, the money moves, the purchase row refers to its transfer, and the
 * changes are announced on commit; an item the buyer cannot afford, or a wish no longer for sale, is left
 * out without affecting the others.
 */
export async function postGifts(db: Database, items: GiftPosting[]): Promise<GiftResult[]> {
  const [row] = await queryRows<{ results: GiftResult[] }>(
    db,
    sql`select post_gifts(${JSON.stringify(items.map(toJson))}::jsonb) as results`,
  );
  if (!row || row.results.length !== items.length) throw new Error('post_gifts answered for other items');
  for (const [i, result] of row.results.entries()) {
    if (result === 'ok') ledgerTransfersPosted.inc({ kind: items[i]?.transfer.kind });
  }
  return row.results;
}

const seller = people('seller');
const buyer = people('buyer');

/** Whether a purchase is a subscription's later month (subscription_charges, decision 034; its purchase_id is unique, so indexed). */
const isRenewal = sql<boolean>`exists (select 1 from subscription_charges c
                                       where c.purchase_id = ${purchases.id} and c.period_index > 0)`;

const purchaseColumns = {
  id: purchases.id,
  type: purchases.type,
  costCents: purchases.costCents,
  createdAt: purchases.createdAt,
  isAnonymous: purchases.isAnonymous,
  productId: purchases.productId,
  productName: purchases.productName,
  productImage: purchases.productImage,
  conversationId: purchases.conversationId,
  seenAt: purchases.seenAt,
  recipientCents: purchases.recipientCents,
  reversedCents: purchases.reversedCents,
  isRenewal,
};

const sellerColumns = {
  id: seller.id,
  handle: seller.handle,
  displayName: seller.displayName,
  photoUrl: seller.photoUrl,
};
const buyerColumns = { id: buyer.id, handle: buyer.handle, displayName: buyer.displayName, photoUrl: buyer.photoUrl };

function buyerPurchases(db: Database, where: SQL | undefined) {
  return db
    .select({ ...purchaseColumns, seller: sellerColumns, pageKey: keyTime(purchases.createdAt) })
    .from(purchases)
    .innerJoin(seller, eq(seller.id, purchases.sellerId))
    .where(where);
}

function sellerReceived(db: Database, where: SQL | undefined) {
  return db
    .select({ ...purchaseColumns, buyer: buyerColumns, pageKey: keyTime(purchases.createdAt) })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
    .where(where);
}

const afterPurchase = (page: PageRequest) => afterKeyset(purchases.createdAt, purchases.id, page.after);

/** A page of what a buyer bought, newest first, with each seller's public identity (one row more: more follow). */
export async function listBuyerPurchases(db: Database, buyerId: string, page: PageRequest) {
  return buyerPurchases(db, and(eq(purchases.buyerId, buyerId), afterPurchase(page)))
    .orderBy(...newestFirst(purchases.createdAt, purchases.id))
    .limit(page.limit + 1);
}

export async function findBuyerPurchase(db: Database, buyerId: string, id: string) {
  const [row] = await buyerPurchases(db, and(eq(purchases.buyerId, buyerId), eq(purchases.id, id)));
  return row;
}

/**
 * A page of what a recipient received, newest first, with each buyer's public identity (hidden by the
 * service if anonymous); one row more tells that more follow.
 */
export async function listSellerReceived(db: Database, sellerId: string, page: PageRequest) {
  return sellerReceived(db, and(eq(purchases.sellerId, sellerId), afterPurchase(page)))
    .orderBy(...newestFirst(purchases.createdAt, purchases.id))
    .limit(page.limit + 1);
}

export async function findSellerReceived(db: Database, sellerId: string, id: string) {
  const [row] = await sellerReceived(db, and(eq(purchases.sellerId, sellerId), eq(purchases.id, id)));
  return row;
}

/** Marks a received item seen by its recipient; false when it is not theirs or was seen already. */
export async function markReceivedSeen(db: Database, sellerId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(purchases)
      .set({ seenAt: new Date() })
      .where(and(eq(purchases.id, id), eq(purchases.sellerId, sellerId), isNull(purchases.seenAt)))
      .returning({ id: purchases.id });
    if (rows.length > 0) await notifyChange(tx, { topic: 'received', userId: sellerId });
    return rows.length > 0;
  });
}

export async function summariseActivity(db: Database, userId: string) {
  const [row] = await queryRows<{ has_purchases: boolean; has_received: boolean; unseen: string }>(
    db,
    sql`select
      exists (select 1 from purchases where buyer_id = ${userId}) as has_purchases,
      exists (select 1 from purchases where seller_id = ${userId}) as has_received,
      (select count(*) from purchases where seller_id = ${userId} and seen_at is null) as unseen`,
  );
  return {
    hasPurchases: row?.has_purchases ?? false,
    hasReceived: row?.has_received ?? false,
    unseenReceived: Number(row?.unseen ?? 0),
  };
}

/** A purchase's two sides and what was bought, for the conversation about it. */
export async function findPurchaseParties(db: Database, id: string) {
  const [row] = await db
    .select({
      id: purchases.id,
      type: purchases.type,
      buyerId: purchases.buyerId,
      sellerId: purchases.sellerId,
      isAnonymous: purchases.isAnonymous,
      costCents: purchases.costCents,
      reversedCents: purchases.reversedCents,
      productId: purchases.productId,
      productName: purchases.productName,
      productImage: purchases.productImage,
      isRenewal,
    })
    .from(purchases)
    .where(eq(purchases.id, id));
  return row;
}

/** Records the purchase's conversation, so both sides' lists offer "Join Conversation". */
export async function setPurchaseConversation(db: Database, id: string, conversationId: string) {
  const [row] = await db
    .update(purchases)
    .set({ conversationId })
    .where(and(eq(purchases.id, id), isNull(purchases.conversationId)))
    .returning({ buyerId: purchases.buyerId, sellerId: purchases.sellerId });
  if (row) {
    await notifyChange(db, { topic: 'purchases', userId: row.buyerId });
    await notifyChange(db, { topic: 'received', userId: row.sellerId });
  }
}

/** Drops the pictures of a seller's wishes from the purchase records (the files are being deleted). */
export async function clearProductImagesOfSeller(db: Database, sellerId: string) {
  await db
    .update(purchases)
    .set({ productImage: null })
    .where(and(eq(purchases.sellerId, sellerId), isNotNull(purchases.productImage)));
}

/** Whether the buyer ever gave the seller a gift or tip. */
export async function hasBought(db: Database, buyerId: string, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.buyerId, buyerId), eq(purchases.sellerId, sellerId)))
    .limit(1);
  return row !== undefined;
}

/** What each buyer gave the seller under their name (anonymous gifts are not counted). */
export async function sumNamedGifts(db: Database, sellerId: string, buyerIds: string[]) {
  if (buyerIds.length === 0) return [];
  return db
    .select({ buyerId: purchases.buyerId, totalCents: sql<string>`sum(${purchases.costCents})` })
    .from(purchases)
    .where(
      and(eq(purchases.sellerId, sellerId), inArray(purchases.buyerId, buyerIds), eq(purchases.isAnonymous, false)),
    )
    .groupBy(purchases.buyerId);
}

/** The purchases behind ledger transfers, with the other side's public name. */
export async function findPurchasesByTransfer(db: Database, transferIds: string[]) {
  if (transferIds.length === 0) return [];
  return db
    .select({
      transferId: purchases.transferId,
      type: purchases.type,
      buyerId: purchases.buyerId,
      sellerId: purchases.sellerId,
      affiliateId: purchases.affiliateId,
      isAnonymous: purchases.isAnonymous,
      costCents: purchases.costCents,
      recipientCents: purchases.recipientCents,
      productName: purchases.productName,
      buyerName: buyer.displayName,
      sellerName: seller.displayName,
      isRenewal,
    })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
    .innerJoin(seller, eq(seller.id, purchases.sellerId))
    .where(inArray(purchases.transferId, transferIds));
}

/** The split of the gift or tip a ledger transfer paid for. */
export async function findPurchaseSplit(db: Database, transferId: string) {
  const [row] = await db
    .select({
      id: purchases.id,
      buyerId: purchases.buyerId,
      sellerId: purchases.sellerId,
      affiliateId: purchases.affiliateId,
      costCents: purchases.costCents,
      recipientCents: purchases.recipientCents,
      affiliateCents: purchases.affiliateCents,
      platformCents: purchases.platformCents,
    })
    .from(purchases)
    .where(eq(purchases.transferId, transferId));
  return row;
}

/** Adds (or, for a won dispute, gives back) what a refund or dispute took of a gift or tip. */
export async function changePurchaseReversed(db: Database, transferId: string, deltaCents: number) {
  await db
    .update(purchases)
    .set({
      reversedCents: sql`${purchases.reversedCents} + ${deltaCents}`,
      reversedAt: sql`case when ${purchases.reversedCents} + ${deltaCents} > 0 then now() else null end`,
    })
    .where(eq(purchases.transferId, transferId));
}

/** Whether `url` is the picture a purchase from `sellerId` kept of its wish: a condition for the upload sweeper (media/repo.ts), which asks in one statement whether anything refers to a file. */
export function isPurchaseImage(sellerId: SQL, url: SQL): SQL {
  return sql`exists (select 1 from ${purchases} where ${purchases.sellerId} = ${sellerId}
                     and ${purchases.productImage} = ${url})`;
}

/** The recipient's gifts numbered after `afterSeq`, in order, with each buyer's public face (stream overlay). */
export async function listSellerGiftsAfter(db: Database, sellerId: string, afterSeq: number, limit: number) {
  return db
    .select({
      seq: purchases.sellerSeq,
      type: purchases.type,
      costCents: purchases.costCents,
      isAnonymous: purchases.isAnonymous,
      productName: purchases.productName,
      productImage: purchases.productImage,
      productId: purchases.productId,
      createdAt: purchases.createdAt,
      buyerId: purchases.buyerId,
      // A group gift's wish is bought by its grant (one purchase per contribution, in one transaction) or
      // outright by one fan.
      isGroupGift: sql<boolean>`exists (select 1 from wishes w where w.id = ${purchases.productId} and w.is_group_gift)`,
      buyer: { handle: buyer.handle, displayName: buyer.displayName, deletedAt: buyer.deletedAt },
    })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
    .where(and(eq(purchases.sellerId, sellerId), sql`${purchases.sellerSeq} > ${afterSeq}`))
    .orderBy(purchases.sellerSeq)
    .limit(limit);
}

/** The number of the recipient's latest gift; 0 before the first. */
export async function findLastSellerSeq(db: Database, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${purchases.sellerSeq})` })
    .from(purchases)
    .where(eq(purchases.sellerId, sellerId));
  return Number(row?.seq ?? 0);
}

/** Cents the recipient received since `since`, as an SQL expression for a statement of another module (a goal). */
export function giftsTotalSince(sellerId: SQL, since: SQL): SQL {
  return sql`(select coalesce(sum(${purchases.costCents}), 0) from ${purchases}
              where ${purchases.sellerId} = ${sellerId} and ${purchases.createdAt} >= ${since})`;
}

export async function sumSellerGiftsSince(db: Database, sellerId: string, since: Date): Promise<number> {
  const total = giftsTotalSince(sql`${sellerId}`, sql`${since.toISOString()}::timestamptz`);
  const [row] = await queryRows<{ total: string }>(db, sql`select ${total} as total`);
  return Number(row?.total ?? 0);
}

/**
 * The recipient's top gifters since `since`, most given first. Anonymous gifts (and fans without a public
 * profile) are summed into one row with no buyer, so nothing links them to a fan.
 */
export async function findTopGiftersSince(db: Database, sellerId: string, since: Date, limit: number) {
  const isNamed = sql`(not ${purchases.isAnonymous} and ${buyer.handle} is not null
                       and ${buyer.displayName} is not null and ${buyer.deletedAt} is null)`;
  const who = sql<string | null>`case when ${isNamed} then ${purchases.buyerId} end`;
  return db
    .select({
      buyerId: who,
      displayName: sql<string | null>`max(case when ${isNamed} then ${buyer.displayName} end)`,
      totalCents: sql<string>`sum(${purchases.costCents})`,
    })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
    .where(and(eq(purchases.sellerId, sellerId), sql`${purchases.createdAt} >= ${since.toISOString()}::timestamptz`))
    .groupBy(who)
    .orderBy(sql`sum(${purchases.costCents}) desc`, sql`min(${purchases.sellerSeq})`)
    .limit(limit);
}
