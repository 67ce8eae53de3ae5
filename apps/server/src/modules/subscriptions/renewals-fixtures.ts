import { CreateWishInput } from '@sweetwish/shared/wishes';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { createFreshPostgresDatabase, type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { type Change, type ChangeFeed, notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type Database, type DatabaseHandle, openPostgres, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { createWish } from '../wishes/service';
import { type RenewalOptions, subscriptionRenewalJob } from './renewal';
import { listCharges } from './repo';

// What the renewal suites share: a database (two pools on PostgreSQL), runners on a test clock, and waits.

export const DAY = 24 * 60 * 60 * 1000;

/** Polls a state (not a proof by sleeping): what the runner has done shows in the database. */
export async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A clock a test moves; the runners and the renewal job read it. */
export function testClock(start: string) {
  let at = new Date(start);
  return { now: () => at, set: (d: Date) => (at = d), add: (ms: number) => (at = new Date(at.getTime() + ms)) };
}

/**
 * A fresh database of `kind` (on PostgreSQL with a second pool, as another server instance would have), its
 * change feed and the renewal runners each test starts: registers the suite's beforeAll/afterEach/afterAll
 * and returns what the tests share.
 */
export function useRenewalsSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  /** A second server instance's pool on the same database (PostgreSQL; PGlite has one connection). */
  let second: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let db: Database;
  let changes: ChangeFeed;
  const runners: JobRunner[] = [];
  const stopRunners = () => Promise.all(runners.splice(0).map((runner) => runner.stop()));

  beforeAll(async () => {
    if (kind === 'postgres') {
      const fresh = await createFreshPostgresDatabase();
      database = await openPostgres(fresh.url);
      second = await openPostgres(fresh.url);
      dropDatabase = fresh.drop;
    } else database = await openFreshDatabase(kind);
    await database.migrate();
    db = database.db;
    changes = await startChangeFeed(database, captureLogger().logger);
  });
  afterEach(async () => {
    await stopRunners();
    // Each test's renewals are its own: jobs left by one never run in another.
    await db.execute(sql`delete from jobs`);
  });
  afterAll(async () => {
    await second?.close();
    await database.close();
    await dropDatabase?.();
  });

  function startRunner(
    options: Omit<RenewalOptions, 'db' | 'logger'> & { db?: Database; onRest?: (ms?: number) => void },
  ) {
    const runnerDb = options.db ?? db;
    const runner = createJobRunner({
      db: runnerDb,
      changes,
      logger: captureLogger().logger,
      types: [subscriptionRenewalJob({ ...options, db: runnerDb, logger: captureLogger().logger })],
      now: options.now,
      onRest: options.onRest,
    });
    runners.push(runner);
    runner.start();
    return runner;
  }

  /** Wakes the runners and waits until no renewal is due at the clock's time and none is running. */
  async function settle(now: Date) {
    await notifyChange(db, { topic: 'jobs' });
    await until(async () => {
      const [row] = await queryRows<{ busy: number }>(
        db,
        sql`select count(*)::int as busy from jobs where type = 'subscription-renewal'
          and (status = 'running' or (status = 'pending' and run_at <= ${now.toISOString()}::timestamptz))`,
      );
      return row?.busy === 0;
    });
  }

  async function subscriptionWish(sellerId: string, cost: number, allowRepeatPurchases = true) {
    return createWish(
      db,
      sellerId,
      CreateWishInput.parse({ name: 'Monthly sketch', cost, type: 'subscription', allowRepeatPurchases }),
    );
  }

  // The notices of a renewal that did not go through; receipts and reminders are receipts.int.test.ts's.
  const noticesOf = (userId: string) =>
    queryRows<{ kind: string }>(
      db,
      sql`select kind from notifications where user_id = ${userId}
        and kind in ('subscription_failed', 'subscription_lapsed') order by id`,
    );
  /** Resolves when the change feed delivers a change of `topic` (PostgreSQL delivers NOTIFY asynchronously). */
  const heardChange = (topic: Change['topic']) =>
    new Promise<void>((resolve) => {
      const unsubscribe = changes.subscribe((change) => {
        if (change.topic !== topic) return;
        unsubscribe();
        resolve();
      });
    });
  const chargeDays = async (id: string) => (await listCharges(db, id)).map((c) => c.periodStart.toISOString());

  return {
    get database() {
      return database;
    },
    get second() {
      return second;
    },
    get db() {
      return db;
    },
    startRunner,
    stopRunners,
    settle,
    subscriptionWish,
    noticesOf,
    heardChange,
    chargeDays,
  };
}
