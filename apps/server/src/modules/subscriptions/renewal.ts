import { addMonths, SUBSCRIPTION_RETRY_DAYS } from '@sweetwish/shared/subscriptions';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { retryOnConflict } from '../../db/retry-on-conflict';
import type { JobOutcome, JobType } from '../../jobs/job-type';
import type { Logger } from '../../logger';
import { queueSubscriptionNotice } from '../notify/queue';
import { checkGiftAllowed } from '../safety/blocks';
import { getWishPage } from '../wishes/service';
import { type ChargeResult, chargeMonth } from './charge';
import { renewalJobKind } from './renewal-kind';
import {
  databaseNow,
  endSubscription,
  findSubscription,
  lockSubscription,
  markPastDue,
  type SubscriptionRow,
} from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RenewalOptions = {
  db: Database;
  logger: Logger;
  /** Tests: the job runner's clock. By default the database's. */
  now?: () => Date;
  /** Tests: called after a month's charge committed (a crash there must not charge it again). */
  afterCharge?: (subscriptionId: string, period: number) => void;
};

/** Whether the wish can still be renewed: not archived or hidden, its creator there and taking the fan's gifts. */
async function isStillOffered(db: Database, row: SubscriptionRow): Promise<boolean> {
  try {
    const { wish } = await getWishPage(db, row.wishId);
    if (wish.archived) return false;
    await checkGiftAllowed(db, row.fanId, row.creatorId);
    return true;
  } catch {
    return false;
  }
}

/**
 * Charges month `period` unless it was charged meanwhile (another runner, a run before a crash): the row is
 * locked and its count of paid months read again; the charge row's primary key is the last guard.
 */
async function chargeRenewal(db: Database, id: string, period: number): Promise<ChargeResult | 'done'> {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const row = await lockSubscription(tx, id);
      if (!row || row.periodsPaid !== period || (row.status !== 'active' && row.status !== 'past_due')) return 'done';
      return chargeMonth(tx, row, period);
    }),
  );
}

async function end(db: Database, row: SubscriptionRow, reason: 'lapsed' | 'unavailable') {
  await db.transaction(async (tx) => {
    if (await endSubscription(tx, row.id, reason, ['active', 'past_due'])) {
      await queueSubscriptionNotice(tx, { userId: row.fanId, subscriptionId: row.id, kind: 'subscription_lapsed' });
    }
  });
}

/**
 * The renewal job of one subscription (decision 034), rescheduled to its next renewal day after each run:
 * - canceled: ends when the paid month is over;
 * - due: the month is charged (exactly once: chargeRenewal); a wish no longer offered ends it;
 * - the wallet short: the fan is told the first time, and it is tried again daily for
 *   SUBSCRIPTION_RETRY_DAYS days after the renewal day, then it lapses (the fan is told).
 * Every decision is made from the subscription's row and the clock, so a run repeated after a crash
 * decides the same and does nothing twice.
 */
export function subscriptionRenewalJob(options: RenewalOptions): JobType<z.infer<typeof renewalJobKind.payload>> {
  const { db, logger } = options;

  async function renew(id: string): Promise<JobOutcome> {
    const now = options.now?.() ?? (await databaseNow(db));
    const row = await findSubscription(db, id);
    if (!row || row.status === 'ended') return undefined;
    const dueAt = addMonths(row.startedAt, row.periodsPaid);
    if (dueAt > now) return { retryAt: dueAt };
    if (row.status === 'canceled') {
      await endSubscription(db, id, 'canceled', ['canceled']);
      return undefined;
    }
    if (!(await isStillOffered(db, row))) {
      await end(db, row, 'unavailable');
      return undefined;
    }
    const result = await chargeRenewal(db, id, row.periodsPaid);
    if (result === 'paid' || result === 'done') {
      if (result === 'paid') options.afterCharge?.(id, row.periodsPaid);
      // Due again next month (at once, if the runner was away long enough for that to have come too).
      return { retryAt: addMonths(row.startedAt, row.periodsPaid + 1) };
    }
    if (result === 'recipient_closed' || result === 'unavailable' || result === 'gifts_refused') {
      await end(db, row, 'unavailable');
      return undefined;
    }
    const daysLate = Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS);
    if (daysLate >= SUBSCRIPTION_RETRY_DAYS) {
      logger.info({ subscriptionId: id }, 'a subscription lapsed: its wallet stayed short');
      await end(db, row, 'lapsed');
      return undefined;
    }
    await db.transaction(async (tx) => {
      if (await markPastDue(tx, id)) {
        await queueSubscriptionNotice(tx, { userId: row.fanId, subscriptionId: id, kind: 'subscription_failed' });
      }
    });
    return { retryAt: new Date(dueAt.getTime() + (daysLate + 1) * DAY_MS) };
  }

  return {
    kind: renewalJobKind,
    // A failed run (the database away) is tried again soon; the job is never given up: it is the
    // subscription's only clock.
    retry: { maxAttempts: Number.POSITIVE_INFINITY, firstSeconds: 60, factor: 2, maxSeconds: 3600 },
    leaseSeconds: 5 * 60,
    handle: ({ subscriptionId }) => renew(subscriptionId),
  };
}
