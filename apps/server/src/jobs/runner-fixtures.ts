import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { z } from 'zod';
import { captureLogger } from '../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../test/databases';
import { type Change, type ChangeFeed, type Resync, startChangeFeed } from '../changes/change-feed';
import { type Database, type DatabaseHandle, queryRows } from '../db/client';
import { defineJobKind, type JobContext, type JobType, type RetryRule } from './job-type';
import { enqueueJob } from './repo';
import { createJobRunner, type JobRunner } from './runner';

// What the job runner suites share: a payload, a rest recorder, a wait, and runners on a fresh database.

export const Payload = z.object({ n: z.number().int() });
export type Payload = z.infer<typeof Payload>;

/** Each time a runner goes to sleep, and for how long: read in order, awaiting the next one. */
export function restRecorder() {
  const rests: (number | undefined)[] = [];
  const waiters: ((ms: number | undefined) => void)[] = [];
  let read = 0;
  return {
    onRest: (ms: number | undefined) => {
      const waiter = waiters.shift();
      if (waiter) {
        read++;
        waiter(ms);
      } else rests.push(ms);
    },
    next: (): Promise<number | undefined> => {
      if (rests.length > 0) {
        read++;
        return Promise.resolve(rests.shift());
      }
      return new Promise((resolve) => waiters.push(resolve));
    },
    count: () => read + rests.length,
  };
}

export async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const NO_RETRY: RetryRule = { maxAttempts: 1, firstSeconds: 1, factor: 2, maxSeconds: 1 };

/**
 * A fresh database of `kind` and its change feed, and runners each test starts (stopped after it):
 * registers the suite's beforeAll/afterEach/afterAll and returns what the tests share.
 */
export function useRunnerSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  let changes: ChangeFeed;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    changes = await startChangeFeed(database, captureLogger().logger);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(async () => {
    await database.close();
  });

  /** A job type of its own for each test, so no test runs another's jobs. */
  function jobType(
    handle: (payload: Payload, context: JobContext) => Promise<void>,
    options: { retry?: RetryRule; leaseSeconds?: number } = {},
  ): JobType<Payload> {
    return {
      kind: defineJobKind(`test-${randomUUID()}`, Payload),
      handle: async (payload, context) => {
        await handle(payload, context);
        return undefined;
      },
      retry: options.retry ?? NO_RETRY,
      leaseSeconds: options.leaseSeconds ?? 60,
    };
  }

  function startRunner(
    types: JobType<Payload>[],
    options: { db?: Database; now?: () => Date; onRest?: (ms: number | undefined) => void } = {},
  ) {
    const runner = createJobRunner({
      db: options.db ?? database.db,
      changes,
      logger: captureLogger().logger,
      types,
      now: options.now,
      onRest: options.onRest,
    });
    runners.push(runner);
    runner.start();
    return runner;
  }

  /** Queues a job and waits until its change was heard, so it cannot wake a runner started after. */
  async function enqueue(type: JobType<Payload>, payload: Payload) {
    const heard = hear('jobs');
    await enqueueJob(database.db, type.kind, payload);
    await heard;
  }

  /** Resolves when the feed delivers a change of this topic (to every subscriber: runners too). */
  function hear(topic: (Change | Resync)['topic']) {
    return new Promise<void>((resolve) => {
      const unsubscribe = changes.subscribe((change) => {
        if (change.topic !== topic) return;
        unsubscribe();
        resolve();
      });
    });
  }

  const jobsOf = (type: JobType<Payload>) =>
    queryRows<{ status: string; attempts: number; run_at: Date | string; last_error: string | null }>(
      database.db,
      sql`select status, attempts, run_at, last_error from jobs where type = ${type.kind.name} order by id`,
    );

  return {
    get database() {
      return database;
    },
    jobType,
    startRunner,
    enqueue,
    hear,
    jobsOf,
  };
}
