import type { FeeSplit } from '@sweetwish/shared/money';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Change, notifyChangeSql } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { users } from '../accounts/tables';
import { type LedgerTransfer, ledgerPostSql } from '../wallet/repo';
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

/**
 * Pays for a gift or tip and records it, in one statement: ledger_post() moves the money (failing when
 * the buyer's wallet holds too little), the purchase row refers to its transfer, and the changes are
 * announced to every server instance on commit. One round trip, so a creator receiving a flood of tips
 * holds their wallet's row for as short a time as possible.
 */
export async function insertPaidPurchase(
  db: Database,
  purchase: NewPurchase,
  transfer: LedgerTransfer,
  changes: Change[],
) {
  const { split } = purchase;
  const notifications = sql.join(
    changes.map((change) => notifyChangeSql(change)),
    sql`, `,
  );
  await queryRows(
    db,
    sql`
    with posted as (select ${ledgerPostSql(transfer)} as transfer_id),
    inserted as (
      insert into purchases (id, type, buyer_id, seller_id, product_id, product_name, product_image, cost_cents,
        recipient_cents, affiliate_id, affiliate_cents, platform_cents, processing_cents, is_anonymous, transfer_id)
      select ${purchase.id}, ${purchase.type}, ${purchase.buyerId}, ${purchase.sellerId}, ${purchase.product?.id ?? null},
        ${purchase.product?.name ?? null}, ${purchase.product?.image ?? null}, ${split.grossCents}, ${split.recipientCents},
        ${purchase.affiliateId ?? null}, ${split.affiliateCents}, ${split.platformCents}, ${split.processingCents},
        ${purchase.isAnonymous}, posted.transfer_id
      from posted
      returning id
    )
    select id, ${notifications} from inserted`,
  );
}

const seller = alias(users, 'seller');
const buyer = alias(users, 'buyer');

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
};

/** How many rows a list returns: the newest ones. */
const LIST_LIMIT = 200;

/** What a buyer bought, newest first, with each seller's public identity. */
export async function listBuyerPurchases(db: Database, buyerId: string, id?: string) {
  return db
    .select({
      ...purchaseColumns,
      seller: { id: seller.id, handle: seller.handle, displayName: seller.displayName, photoUrl: seller.photoUrl },
    })
    .from(purchases)
    .innerJoin(seller, eq(seller.id, purchases.sellerId))
    .where(and(eq(purchases.buyerId, buyerId), id === undefined ? undefined : eq(purchases.id, id)))
    .orderBy(desc(purchases.createdAt))
    .limit(LIST_LIMIT);
}

/** What a recipient received, newest first, with each buyer's public identity (hidden by the service if anonymous). */
export async function listSellerReceived(db: Database, sellerId: string, id?: string) {
  return db
    .select({
      ...purchaseColumns,
      buyer: { id: buyer.id, handle: buyer.handle, displayName: buyer.displayName, photoUrl: buyer.photoUrl },
    })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
    .where(and(eq(purchases.sellerId, sellerId), id === undefined ? undefined : eq(purchases.id, id)))
    .orderBy(desc(purchases.createdAt))
    .limit(LIST_LIMIT);
}

/** Marks a received item seen by its recipient; false when it is not theirs or was seen already. */
export async function markReceivedSeen(db: Database, sellerId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(purchases)
      .set({ seenAt: new Date() })
      .where(and(eq(purchases.id, id), eq(purchases.sellerId, sellerId), isNull(purchases.seenAt)))
      .returning({ id: purchases.id });
    if (rows.length > 0) await tx.execute(sql`select ${notifyChangeSql({ topic: 'received', userId: sellerId })}`);
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
