import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../accounts/people';
import { purchases } from './tables';

export const seller = people('seller');
export const buyer = people('buyer');

/** Whether a purchase is a subscription's later month (subscription_charges, decision 034; its purchase_id is unique, so indexed). */
export const isRenewal = sql<boolean>`exists (select 1 from subscription_charges c
                                       where c.purchase_id = ${purchases.id} and c.period_index > 0)`;

/** Whether a purchase is a fan's share of a group gift: its wish is one (wishes' primary key, so one lookup a row). */
const isGroupGift = sql<boolean>`exists (select 1 from wishes w where w.id = ${purchases.productId} and w.is_group_gift)`;

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
  message: purchases.message,
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
    .select({ ...purchaseColumns, isGroupGift, buyer: buyerColumns, pageKey: keyTime(purchases.createdAt) })
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
