import { inArray, sql } from 'drizzle-orm';
import { type ChangeFeed, notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { createDueLoop, msFromSeconds } from '../../jobs/due-loop';
import type { Logger } from '../../logger';
import { earnedAccountId, pendingAccountId } from './accounts';
import { findUserBalances } from './balances';
import { postTransfer } from './postings';
import { tokenLots } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment earnings made at `earnedAt` become available. */
export function clearsAt(earnedAt: Date, clearingDays: number): Date {
  return new Date(earnedAt.getTime() + clearingDays * DAY_MS);
}

/**
 * Moves every pending earning at least `clearingDays` old at `now` to available, one user at a time;
 * answers how many users it cleared. `now` is a parameter so tests drive the clock.
 */
export async function clearDueEarnings(
  db: Database,
  options: { clearingDays: number; now: Date; limit?: number },
): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.clearingDays * DAY_MS);
  const users = await listUsersWithDueEarnings(db, cutoff, options.limit ?? 100);
  for (const userId of users) {
    if ((await clearUserEarnings(db, userId, cutoff)) > 0) await notifyChange(db, { topic: 'wallet', userId });
  }
  return users.length;
}

/**
 * Clears earnings when they come due (jobs/due-loop.ts): it sleeps until the oldest pending earning is due.
 * With a clearing period, a new gift is never due before the ones already waiting, so only the hourly look
 * finds the first one after an empty spell (at most an hour late); with none (0 days), a gift wakes it.
 */
export function createClearingWorker(deps: {
  db: Database;
  changes: ChangeFeed;
  logger: Logger;
  clearingDays: number;
  now?: () => Date;
  idleCheckMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  return createDueLoop({
    name: 'clearing worker',
    logger: deps.logger,
    changes: deps.changes,
    wakeOn: (change) => (change.topic === 'received' && deps.clearingDays === 0) || change.topic === 'resync',
    runDue: async () => (await clearDueEarnings(deps.db, { clearingDays: deps.clearingDays, now: now() })) > 0,
    msUntilNextDue: async () => msFromSeconds(await secondsUntilNextClearing(deps.db, deps.clearingDays, now())),
    idleCheckMs: deps.idleCheckMs ?? 60 * 60_000,
    retryMs: 5_000,
  });
}

/** Users with earnings made at or before `cutoff` still pending (at most `limit`). */
export async function listUsersWithDueEarnings(db: Database, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`
    select distinct user_id from token_lots
    where kind = 'earned' and remaining_cents > 0 and created_at <= ${cutoff.toISOString()}
    limit ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Clears one user's earnings made at or before `cutoff`: their accounts locked first (as every posting
 * does, so no cycle), then the due lots emptied and their sum moved from pending to available in one
 * transfer, keyed by the oldest lot's id (a lot clears once, so the key is never used twice).
 * Answers the cents cleared.
 */
export async function clearUserEarnings(db: Database, userId: string, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await findUserBalances(tx, userId, { lock: true });
    const due = await queryRows<{ id: string; remaining: string }>(
      tx,
      sql`
      select id, remaining_cents as remaining from token_lots
      where user_id = ${userId} and kind = 'earned' and remaining_cents > 0 and created_at <= ${cutoff.toISOString()}
      order by id for update`,
    );
    if (due.length === 0) return 0;
    const cents = due.reduce((sum, lot) => sum + Number(lot.remaining), 0);
    const ids = due.map((lot) => Number(lot.id));
    await tx.update(tokenLots).set({ remainingCents: 0, clearedAt: sql`now()` }).where(inArray(tokenLots.id, ids));
    await postTransfer(tx, {
      kind: 'clearing',
      idempotencyKey: `clearing:lot:${ids[0]}`,
      entries: [
        { accountId: pendingAccountId(userId), amountCents: -cents },
        { accountId: earnedAccountId(userId), amountCents: cents },
      ],
    });
    return cents;
  });
}

/** Seconds until the oldest pending earning is `clearingDays` old (0 if past), or null when none waits. */
export async function secondsUntilNextClearing(db: Database, clearingDays: number, now: Date) {
  const [row] = await queryRows<{ seconds: string | null }>(
    db,
    sql`
    select extract(epoch from (min(created_at) + make_interval(days => ${clearingDays}) - ${now.toISOString()}::timestamptz))
      as seconds
    from token_lots where kind = 'earned' and remaining_cents > 0`,
  );
  return row?.seconds ?? null;
}
