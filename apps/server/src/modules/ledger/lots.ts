import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lotSpends, tokenLots } from './tables';

/**
 * Gives bought tokens back to the top-ups they came from (decision 033): `returnTransferId` credited the
 * user's wallet with what `spendTransferId` took (ledger_post() made it a new lot); the lots the spend took
 * from get their tokens back, its spends count as taken back (a refund of the top-up then takes the
 * tokens from the wallet, not from a gift), and the new lot keeps only what could not be traced. The
 * remainders' sum is unchanged, so reconciliation holds. Call in the return's transaction.
 */
export async function restoreSpentLots(
  db: Database,
  userId: string,
  spendTransferId: string,
  returnTransferId: string,
) {
  const spends = await db
    .select({
      id: lotSpends.id,
      lotId: lotSpends.lotId,
      cents: sql<string>`${lotSpends.amountCents} - ${lotSpends.clawedCents}`,
    })
    .from(lotSpends)
    .where(eq(lotSpends.transferId, spendTransferId))
    .orderBy(lotSpends.id)
    .for('update');
  let restored = 0;
  for (const spend of spends) {
    const cents = Number(spend.cents);
    if (cents <= 0) continue;
    await db
      .update(tokenLots)
      .set({ remainingCents: sql`${tokenLots.remainingCents} + ${cents}` })
      .where(and(eq(tokenLots.id, spend.lotId), eq(tokenLots.userId, userId)));
    await db
      .update(lotSpends)
      .set({ clawedCents: sql`${lotSpends.amountCents}` })
      .where(eq(lotSpends.id, spend.id));
    restored += cents;
  }
  if (restored > 0) {
    await db
      .update(tokenLots)
      .set({ remainingCents: sql`${tokenLots.remainingCents} - ${restored}` })
      .where(
        and(eq(tokenLots.transferId, returnTransferId), eq(tokenLots.userId, userId), eq(tokenLots.kind, 'bought')),
      );
  }
}

/**
 * The bought lots' spends of `fromTransferId` now paid for `toTransferId` (decision 033: a held group gift
 * contribution became its fan's purchase), so a refund or dispute of the top-up traces them to that gift
 * and takes the creator's share back, as for any gift (decision 017). Call in the transaction of both.
 */
export async function moveLotSpends(db: Database, fromTransferId: string, toTransferId: string) {
  await db.update(lotSpends).set({ transferId: toTransferId }).where(eq(lotSpends.transferId, fromTransferId));
}

/** The bought lot a top-up made, locked. */
export async function lockBoughtLot(db: Database, topUpTransferId: string) {
  const [row] = await db
    .select()
    .from(tokenLots)
    .where(and(eq(tokenLots.transferId, topUpTransferId), eq(tokenLots.kind, 'bought')))
    .for('update');
  return row;
}

/** What a bought lot paid for, first spent first, locked. */
export async function lockLotSpends(db: Database, lotId: number) {
  return db.select().from(lotSpends).where(eq(lotSpends.lotId, lotId)).orderBy(lotSpends.id).for('update');
}

/** The earned lots a gift made (one per user credited), locked. */
export async function lockEarnedLots(db: Database, giftTransferId: string) {
  return db
    .select()
    .from(tokenLots)
    .where(and(eq(tokenLots.transferId, giftTransferId), eq(tokenLots.kind, 'earned')))
    .orderBy(tokenLots.id)
    .for('update');
}
