import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { buyer } from './history-repo';
import { purchases } from './tables';

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
      message: purchases.message,
      messageState: purchases.messageState,
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
