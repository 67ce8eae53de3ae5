import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureLogger } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type Change, type ChangeFeed, notifyChange, type Resync, startChangeFeed } from '../changes/change-feed';
import { type Database, type DatabaseHandle, queryRows } from '../db/client';
import { defineJobKind, type JobContext, type JobType, type RetryRule } from './job-type';
import { enqueueJob } from './repo';
import { createJobRunner, type JobRunner } from './runner';

const Payload = z.object({ n: z.number().int() });
type Payload = z.infer<typeof Payload>;

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

/** Each time a runner goes to sleep, and for how long: read in order, awaiting the next one. */
function restRecorder() {
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

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const NO_RETRY: RetryRule = { maxAttempts: 1, firstSeconds: 1, factor: 2, maxSeconds: 1 };

describe.each(databaseKinds())('the job runner: back-off, rest and stop on %s', (kind) => {
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

  it('backs off exponentially up to its cap on a clock, then gives up after the max attempts', async () => {
    let clock = new Date(Date.now() + 1_000);
    const ran: JobContext[] = [];
    const type = jobType(
      async (_, context) => {
        ran.push(context);
        throw new Error(`refused ${context.attempt}`);
      },
      { retry: { maxAttempts: 4, firstSeconds: 10, factor: 3, maxSeconds: 60 } },
    );
    await enqueue(type, { n: 1 });
    const rests = restRecorder();
    startRunner([type], { now: () => clock, onRest: rests.onRest });

    // Waits 10 s, 30 s, then 60 s (90 capped), each from the failed run's time.
    for (const [attempt, seconds] of [
      [1, 10],
      [2, 30],
      [3, 60],
    ] as const) {
      expect(await rests.next()).toBe(seconds * 1000);
      const [job] = await jobsOf(type);
      expect(job).toMatchObject({ status: 'pending', attempts: attempt, last_error: `refused ${attempt}` });
      expect(new Date(job?.run_at as Date).getTime()).toBe(clock.getTime() + seconds * 1000);
      expect(ran).toHaveLength(attempt);
      clock = new Date(clock.getTime() + seconds * 1000);
      await notifyChange(database.db, { topic: 'jobs' });
    }

    // The fourth run fails for the last time: given up, kept as failed, and nothing more is due.
    expect(await rests.next()).toBeUndefined();
    expect(ran.map((c) => c.isLastAttempt)).toEqual([false, false, false, true]);
    expect(await jobsOf(type)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 4, last_error: 'refused 4' }),
    ]);
  });

  it('runs no statement while idle, until a job is queued', async () => {
    const ran: number[] = [];
    const type = jobType(async ({ n }) => {
      ran.push(n);
    });
    const counting = countingStatements(database.db);
    const rests = restRecorder();
    startRunner([type], { db: counting.db, onRest: rests.onRest });
    // Nothing waits: it sleeps with no timer.
    expect(await rests.next()).toBeUndefined();
    const idle = counting.count();

    // A change for someone else is heard (here as by the runner) and wakes nothing.
    const heard = hear('wallet');
    await notifyChange(database.db, { topic: 'wallet', userId: 'someone' });
    await heard;
    expect(counting.count()).toBe(idle);
    expect(rests.count()).toBe(1);

    // Queued work wakes it (so the count above could have moved).
    await enqueueJob(database.db, type.kind, { n: 7 });
    expect(await rests.next()).toBeUndefined();
    expect(ran).toEqual([7]);
    expect(counting.count()).toBeGreaterThan(idle);
  });

  it('stops claiming on stop, and waits for the handler under way', async () => {
    const started = deferred();
    const release = deferred();
    let finished = 0;
    const type = jobType(async () => {
      started.resolve();
      await release.promise;
      finished++;
    });
    await enqueue(type, { n: 1 });
    await enqueue(type, { n: 2 });
    const runner = startRunner([type]);
    await started.promise;
    let finishedWhenStopped: number | undefined;
    const stopping = runner.stop().then(() => {
      finishedWhenStopped = finished;
    });
    release.resolve();
    await stopping;
    expect(finishedWhenStopped).toBe(1);
    // The second job was not claimed: it waits for the next runner.
    expect(await jobsOf(type)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
  });
});
