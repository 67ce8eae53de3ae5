import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clawbackParts, clawbacks, ledgerEntries, lotSpends, tokenLots } from './tables';

/** Inserts a clawback the first time it is heard of; false when it was already (a repeated event). */
export async function insertClawback(db: Database, values: typeof clawbacks.$inferInsert): Promise<boolean> {
  const rows = await db.insert(clawbacks).values(values).onConflictDoNothing().returning({ id: clawbacks.id });
  return rows.length > 0;
}

export type ClawbackPart = { lotId?: number; lotSpendId?: number; amountCents: number };

/** Applies a clawback's lot changes (a lot's remainder taken, a spend taken back) and records them. */
export async function takeFromLots(db: Database, clawbackId: string, parts: ClawbackPart[], sign: 1 | -1) {
  for (const part of parts) {
    if (part.lotId !== undefined) {
      await db
        .update(tokenLots)
        .set({ remainingCents: sql`${tokenLots.remainingCents} - ${sign * part.amountCents}` })
        .where(eq(tokenLots.id, part.lotId));
    }
    if (part.lotSpendId !== undefined) {
      await db
        .update(lotSpends)
        .set({ clawedCents: sql`${lotSpends.clawedCents} + ${sign * part.amountCents}` })
        .where(eq(lotSpends.id, part.lotSpendId));
    }
  }
  if (sign === 1 && parts.length > 0) {
    await db.insert(clawbackParts).values(parts.map((p) => ({ clawbackId, ...p })));
  }
}

/**
 * The clawbacks of a dispute not given back yet, oldest first: its own (`dispute:{id}`) and what it took
 * later from refunds of the same payment that failed (`dispute:{id}:after:{refund id}`, decision 047).
 */
export async function findDisputeClawbackIds(db: Database, topUpTransferId: string, disputeId: string) {
  const id = `dispute:${disputeId}`;
  const rows = await db
    .select({ id: clawbacks.id })
    .from(clawbacks)
    .where(
      and(
        eq(clawbacks.topUpTransferId, topUpTransferId),
        isNull(clawbacks.restoredAt),
        sql`(${clawbacks.id} = ${id} or starts_with(${clawbacks.id}, ${`${id}:`}))`,
      ),
    )
    .orderBy(clawbacks.createdAt, clawbacks.id);
  return rows.map((r) => r.id);
}

/** A clawback not given back yet, locked, with its lot changes and its transfer's entries. */
export async function lockClawback(db: Database, id: string) {
  const [row] = await db.select().from(clawbacks).where(eq(clawbacks.id, id)).for('update');
  if (!row || row.restoredAt) return undefined;
  const parts = await db
    .select({
      lotId: clawbackParts.lotId,
      lotSpendId: clawbackParts.lotSpendId,
      amountCents: clawbackParts.amountCents,
      lotUserId: tokenLots.userId,
      lotKind: tokenLots.kind,
      lotClearedAt: tokenLots.clearedAt,
      spendTransferId: lotSpends.transferId,
    })
    .from(clawbackParts)
    .leftJoin(tokenLots, eq(tokenLots.id, clawbackParts.lotId))
    .leftJoin(lotSpends, eq(lotSpends.id, clawbackParts.lotSpendId))
    .where(eq(clawbackParts.clawbackId, id))
    .orderBy(clawbackParts.id);
  const entries = await db
    .select({ accountId: ledgerEntries.accountId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, row.transferId));
  return { ...row, parts, entries };
}

export async function markClawbackRestored(db: Database, id: string) {
  await db.update(clawbacks).set({ restoredAt: sql`now()` }).where(eq(clawbacks.id, id));
}
