import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../accounts/people';
import { purchases } from './tables';

// The rows of a creator's supporters wall (decision 101): their gifts and tips, a message with each that
// has one, read by gifts/wall.ts only.

const buyer = people('buyer');

/**
 * A page of the seller's gifts and tips for the wall, newest first (one row more: more follow), on
 * purchases_seller_idx. Left out: those the creator hid, and those a refund or dispute took back.
 */
export async function listWallRows(db: Database, sellerId: string, page: PageRequest) {
  return db
    .select({
      id: purchases.id,
      type: purchases.type,
      productName: purchases.productName,
      isAnonymous: purchases.isAnonymous,
      message: purchases.message,
      messageState: purchases.messageState,
      createdAt: purchases.createdAt,
      buyer: { handle: buyer.handle, displayName: buyer.displayName, deletedAt: buyer.deletedAt },
      pageKey: keyTime(purchases.createdAt),
    })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
    .where(
      and(
        eq(purchases.sellerId, sellerId),
        isNull(purchases.messageHiddenAt),
        eq(purchases.reversedCents, 0),
        afterKeyset(purchases.createdAt, purchases.id, page.after),
      ),
    )
    .orderBy(...newestFirst(purchases.createdAt, purchases.id))
    .limit(page.limit + 1);
}

/** Takes one of the seller's gifts off the wall, for good; false when no gift of theirs has this id. */
export async function hideWallRow(db: Database, sellerId: string, purchaseId: string): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ messageHiddenAt: sql`coalesce(${purchases.messageHiddenAt}, now())` })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.sellerId, sellerId)))
    .returning({ id: purchases.id });
  return rows.length > 0;
}
