import { type ChangeFeed, notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { createDueLoop, msFromSeconds } from '../../jobs/due-loop';
import type { Logger } from '../../logger';
import { clearUserEarnings, listUsersWithDueEarnings, secondsUntilNextClearing } from './repo';

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
