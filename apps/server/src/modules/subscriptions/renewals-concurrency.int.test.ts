import { addMonths } from '@sweetwish/shared/subscriptions';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { seedTokens, seedUser, spendableCents } from '../../../test/seed';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { blockUser } from '../safety/blocks';
import { reconcile } from '../wallet/service';
import { updateWish } from '../wishes/service';
import { subscriptionRenewalJob } from './renewal';
import { DAY, testClock, until, useRenewalsSuite } from './renewals-fixtures';
import { findSubscription } from './repo';
import { subscribe } from './service';

/** Calls of the database's statement methods: what an idle runner must not make. */
function countingStatements(db: Database) {
  let count = 0;
  const methods = new Set(['execute', 'select', 'insert', 'update', 'delete', 'transaction']);
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !methods.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        count++;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, count: () => count };
}

describe.each(databaseKinds())('subscription renewals run twice or idle on %s', (kind) => {
  const suite = useRenewalsSuite(kind);
  const { startRunner, settle, subscriptionWish, noticesOf, heardChange, chargeDays } = suite;

  it('two runners on one database renew each month once, on the month-end days of a leap year', async () => {
    const clock = testClock('2028-01-31T08:00:00.000Z');
    const creator = await seedUser(suite.db);
    const fans = [await seedUser(suite.db), await seedUser(suite.db), await seedUser(suite.db)];
    const wish = await subscriptionWish(creator.id, 25);
    const subs = [];
    for (const fan of fans) {
      await seedTokens(suite.db, fan.id, 1000_00);
      subs.push(await subscribe(suite.db, fan.id, { wishId: wish.id }, { now: clock.now() }));
    }
    // A second instance: on PostgreSQL its own connection pool, as another server would have.
    startRunner({ now: clock.now });
    startRunner({ now: clock.now, db: suite.second?.db ?? suite.db });
    try {
      // Monthly steps, each landing right on the renewal day, so both runners race for every month.
      for (let month = 1; month <= 12; month++) {
        clock.set(new Date(addMonths(new Date('2028-01-31T08:00:00.000Z'), month).getTime() + 60_000));
        await settle(clock.now());
      }
    } finally {
      await suite.stopRunners();
    }
    const expected = [
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
      '2028-07-31',
      '2028-08-31',
      '2028-09-30',
      '2028-10-31',
      '2028-11-30',
      '2028-12-31',
      '2029-01-31',
    ].map((d) => `${d}T08:00:00.000Z`);
    for (const sub of subs) expect(await chargeDays(sub.id)).toEqual(expected);
    for (const fan of fans) expect(await spendableCents(suite.db, fan.id)).toBe(1000_00 - 13 * 25_00);
    expect(await reconcile(suite.db)).toEqual({ isOk: true, lines: ['ok'] });
  }, 60_000);

  it('charges a month once when its renewal runs twice at once, and again after', async () => {
    const clock = testClock('2027-01-15T00:00:00.000Z');
    const creator = await seedUser(suite.db);
    const fan = await seedUser(suite.db);
    const wish = await subscriptionWish(creator.id, 20);
    await seedTokens(suite.db, fan.id, 100_00);
    const sub = await subscribe(suite.db, fan.id, { wishId: wish.id }, { now: clock.now() });
    const job = subscriptionRenewalJob({ db: suite.db, logger: captureLogger().logger, now: clock.now });
    clock.set(new Date('2027-02-15T00:00:01.000Z'));
    const context = { attempt: 1, isLastAttempt: false };
    const outcomes = await Promise.all([
      job.handle({ subscriptionId: sub.id }, context),
      job.handle({ subscriptionId: sub.id }, context),
    ]);
    // The same period run again, later (a runner that took the job over after a crash).
    outcomes.push(await job.handle({ subscriptionId: sub.id }, context));
    expect(outcomes).toEqual(Array(3).fill({ retryAt: new Date('2027-03-15T00:00:00.000Z') }));
    expect(await chargeDays(sub.id)).toEqual(['2027-01-15T00:00:00.000Z', '2027-02-15T00:00:00.000Z']);
    expect(await spendableCents(suite.db, fan.id)).toBe(60_00);
    expect(await reconcile(suite.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('ends, without charging, when the wish was archived or the creator refuses the fan’s gifts', async () => {
    const clock = testClock('2027-06-01T00:00:00.000Z');
    const creator = await seedUser(suite.db);
    const fans = [await seedUser(suite.db), await seedUser(suite.db)];
    const archived = await subscriptionWish(creator.id, 20);
    const open = await subscriptionWish(creator.id, 20);
    for (const fan of fans) await seedTokens(suite.db, fan.id, 100_00);
    const first = await subscribe(suite.db, fans[0]?.id ?? '', { wishId: archived.id }, { now: clock.now() });
    const second = await subscribe(suite.db, fans[1]?.id ?? '', { wishId: open.id }, { now: clock.now() });
    await updateWish(suite.db, creator.id, archived.id, { archived: true });
    await blockUser(suite.db, creator.id, fans[1]?.id ?? '', { refusesGifts: true });
    const job = subscriptionRenewalJob({ db: suite.db, logger: captureLogger().logger, now: clock.now });
    clock.set(new Date('2027-07-01T00:00:01.000Z'));
    for (const sub of [first, second]) {
      expect(await job.handle({ subscriptionId: sub.id }, { attempt: 1, isLastAttempt: false })).toBeUndefined();
      expect(await findSubscription(suite.db, sub.id)).toMatchObject({ status: 'ended', endReason: 'unavailable' });
      expect(await chargeDays(sub.id)).toEqual(['2027-06-01T00:00:00.000Z']);
    }
    for (const fan of fans) {
      expect(await spendableCents(suite.db, fan.id)).toBe(80_00);
      expect(await noticesOf(fan.id)).toEqual([{ kind: 'subscription_lapsed' }]);
    }
  });

  it('is quiet while no renewal is due: one timer, no statement', async () => {
    const clock = testClock('2027-03-01T00:00:00.000Z');
    const creator = await seedUser(suite.db);
    const fan = await seedUser(suite.db);
    const wish = await subscriptionWish(creator.id, 20);
    await seedTokens(suite.db, fan.id, 20_00);
    // subscribe() announces its renewal job; heard only after the runner rested, it would wake it once more.
    const jobsAnnounced = heardChange('jobs');
    await subscribe(suite.db, fan.id, { wishId: wish.id }, { now: clock.now() });
    await jobsAnnounced;
    const counting = countingStatements(suite.db);
    const rests: (number | undefined)[] = [];
    let rested: (() => void) | undefined;
    startRunner({
      now: clock.now,
      db: counting.db,
      onRest: (ms) => {
        rests.push(ms);
        rested?.();
      },
    });
    await until(() => rests.length === 1);
    // It rests until the renewal, 31 days away: a timer, not a poll.
    expect(rests[0]).toBe(31 * DAY);
    const idle = counting.count();
    // A change for someone else is heard and wakes nothing.
    const heard = heardChange('wallet');
    await notifyChange(suite.db, { topic: 'wallet', userId: 'someone' });
    await heard;
    expect(counting.count()).toBe(idle);
    expect(rests).toHaveLength(1);
  });
});
