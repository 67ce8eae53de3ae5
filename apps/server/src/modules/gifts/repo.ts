import type { FeeSplit } from '@sweetwish/shared/money';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Change, notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { ledgerTransfersPosted } from '../../metrics/registry';
import type { LedgerTransfer } from '../ledger/service';
import { buyer, isRenewal, seller } from './history-repo';
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
  /** The fan's message and whether it waits for the creator's review (decision 100). */
  message?: { text: string; state: 'shown' | 'held' } | null;
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
      message: purchase.message?.text ?? null,
      message_state: purchase.message?.state ?? null,
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
    message: row.message,
    messageState: row.message_state,
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
      message: purchases.message,
      createdAt: purchases.createdAt,
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
      message: purchases.message,
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
