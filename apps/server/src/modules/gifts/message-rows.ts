import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keyTime } from '../../db/keyset';
import { people } from '../accounts/people';
import { purchases } from './tables';

// The fans' messages kept on their purchases (decision 100): the rows the gift-messages module reviews and
// shows on stream, through the functions of gifts/messages.ts (the supporters wall reads its own: wall-rows.ts).

const buyer = people('buyer');

const messageColumns = {
  id: purchases.id,
  seq: purchases.sellerSeq,
  type: purchases.type,
  costCents: purchases.costCents,
  isAnonymous: purchases.isAnonymous,
  productName: purchases.productName,
  productImage: purchases.productImage,
  message: purchases.message,
  messageState: purchases.messageState,
  createdAt: purchases.createdAt,
  buyer: { handle: buyer.handle, displayName: buyer.displayName, deletedAt: buyer.deletedAt },
};

function messagesOf(db: Database) {
  return db
    .select({ ...messageColumns, pageKey: keyTime(purchases.createdAt) })
    .from(purchases)
    .innerJoin(buyer, eq(buyer.id, purchases.buyerId));
}

export type MessageRow = Awaited<ReturnType<typeof findMessagesInState>>[number];

/** The seller's messages in a state, oldest first (the review queue, the approved ones not yet shown). */
export async function findMessagesInState(db: Database, sellerId: string, state: 'held' | 'approved', limit: number) {
  return messagesOf(db)
    .where(and(eq(purchases.sellerId, sellerId), eq(purchases.messageState, state)))
    .orderBy(purchases.createdAt, purchases.id)
    .limit(limit);
}

/** One of the seller's gifts by its number (replaying the last alert). */
export async function findGiftBySeq(db: Database, sellerId: string, seq: number) {
  const [row] = await messagesOf(db).where(and(eq(purchases.sellerId, sellerId), eq(purchases.sellerSeq, seq)));
  return row;
}

/** Moves one of the seller's messages from one state to another; false when it was not in `from`. */
export async function updateMessageState(
  db: Database,
  sellerId: string,
  purchaseId: string,
  from: Array<'held' | 'approved' | 'shown'>,
  to: 'approved' | 'skipped' | 'shown',
): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ messageState: to })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.sellerId, sellerId), inArray(purchases.messageState, from)))
    .returning({ id: purchases.id });
  return rows.length > 0;
}

/** The number of the seller's latest gift made before `before` (0 when none): older alerts are stale. */
export async function findLastSeqBefore(db: Database, sellerId: string, before: Date): Promise<number> {
  const [row] = await db
    .select({ seq: purchases.sellerSeq })
    .from(purchases)
    .where(and(eq(purchases.sellerId, sellerId), lt(purchases.createdAt, before)))
    .orderBy(sql`${purchases.createdAt} desc`)
    .limit(1);
  return row?.seq ?? 0;
}
