import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { cardRefunds, disputes, topUps } from './tables';

export async function insertTopUp(
  db: Database,
  row: { id: string; userId: string; quantity: number; totalCents: number },
) {
  // A keyed retry gets the same checkout session back: its row is there already.
  await db.insert(topUps).values(row).onConflictDoNothing({ target: topUps.id });
}

/** The open or paid top-up of a checkout session, locked until the transaction ends. */
export async function lockTopUp(db: Database, sessionId: string) {
  const [row] = await db.select().from(topUps).where(eq(topUps.id, sessionId)).for('update');
  return row;
}

export async function markTopUpPaid(db: Database, sessionId: string, userId: string) {
  await db
    .update(topUps)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(and(eq(topUps.id, sessionId), eq(topUps.status, 'open')));
  await notifyChange(db, { topic: 'wallet', userId });
}

export async function markTopUpExpired(db: Database, sessionId: string) {
  await db
    .update(topUps)
    .set({ status: 'expired' })
    .where(and(eq(topUps.id, sessionId), eq(topUps.status, 'open')));
}

/** A paid top-up of a deleted account, refunded whole instead of credited. */
export async function markTopUpRefunded(db: Database, sessionId: string) {
  await db
    .update(topUps)
    .set({ status: 'refunded', paidAt: sql`now()` })
    .where(and(eq(topUps.id, sessionId), eq(topUps.status, 'open')));
}

/** The user's top-ups still open that began after `since` (older checkouts have expired at the provider). */
export async function listOpenTopUps(db: Database, userId: string, since: Date) {
  return db
    .select({ id: topUps.id })
    .from(topUps)
    .where(and(eq(topUps.userId, userId), eq(topUps.status, 'open'), gt(topUps.createdAt, since)));
}

export async function findTopUp(db: Database, sessionId: string) {
  const [row] = await db.select().from(topUps).where(eq(topUps.id, sessionId));
  return row;
}

/**
 * Records a dispute the first time it is heard of; false when it was already (its effect is then not
 * applied again).
 */
export async function insertDispute(db: Database, values: typeof disputes.$inferInsert): Promise<boolean> {
  const rows = await db.insert(disputes).values(values).onConflictDoNothing().returning({ id: disputes.id });
  return rows.length > 0;
}

export async function lockDispute(db: Database, id: string) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row;
}

/**
 * The top-up's disputes whose clawback stands, locked: open, or lost (a won one gave everything back). A
 * dispute being closed meanwhile is read as it is once closed.
 */
export async function lockDisputesInEffect(db: Database, userId: string, topUpId: string) {
  return db
    .select({ id: disputes.id, amountCents: disputes.amountCents })
    .from(disputes)
    .where(and(eq(disputes.userId, userId), eq(disputes.topUpId, topUpId), inArray(disputes.status, ['open', 'lost'])))
    .orderBy(disputes.createdAt, disputes.id)
    .for('update');
}

/** A fee of the dispute just booked (disputes.ts). */
export async function addDisputeFee(db: Database, id: string, feeCents: number) {
  await db
    .update(disputes)
    .set({ feeCents: sql`${disputes.feeCents} + ${feeCents}` })
    .where(eq(disputes.id, id));
}

export async function closeDisputeRow(db: Database, id: string, status: 'won' | 'lost') {
  await db.update(disputes).set({ status, closedAt: sql`now()` }).where(eq(disputes.id, id));
}

/** What the top-up's refunds that have not failed add up to. */
export async function recordTopUpRefunded(db: Database, sessionId: string, refundedCents: number) {
  await db.update(topUps).set({ refundedCents }).where(eq(topUps.id, sessionId));
}

/** Records a card refund the first time it is heard of; false when it was already. */
export async function insertCardRefund(db: Database, values: typeof cardRefunds.$inferInsert): Promise<boolean> {
  const rows = await db.insert(cardRefunds).values(values).onConflictDoNothing().returning({ id: cardRefunds.id });
  return rows.length > 0;
}

export async function lockCardRefund(db: Database, id: string) {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.id, id)).for('update');
  return row;
}

export async function markCardRefundFailed(db: Database, id: string) {
  await db.update(cardRefunds).set({ status: 'failed', failedAt: sql`now()` }).where(eq(cardRefunds.id, id));
}
