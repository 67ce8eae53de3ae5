import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureLogger } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type Change, type ChangeFeed, notifyChange, type Resync, startChangeFeed } from '../changes/change-feed';
import { type Database, type DatabaseHandle, queryRows } from '../db/client';
import { defineJobKind, type JobContext, type JobType, type RetryRule } from './job-type';
import { claimNextJob, enqueueJob } from './repo';
import { createJobRunner, type JobRunner } from './runner';

const Payload = z.object({ n: z.number().int() });
type Payload = z.infer<typeof Payload>;

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

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const NO_RETRY: RetryRule = { maxAttempts: 1, firstSeconds: 1, factor: 2, maxSeconds: 1 };

describe.each(databaseKinds())('the job runner: claims and take-overs on %s', (kind) => {
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

  it('runs each job once when two runners share the queue', async () => {
    const ran: number[] = [];
    const type = jobType(async ({ n }) => {
      ran.push(n);
      // Gives the other runner its turn mid-job.
      await new Promise((r) => setImmediate(r));
    });
    for (let n = 0; n < 30; n++) await enqueueJob(database.db, type.kind, { n });
    startRunner([type]);
    startRunner([type]);
    await until(async () => (await jobsOf(type)).length === 0);
    expect(ran.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('queues nothing for a payload not of its type', async () => {
    const type = jobType(async () => {});
    await expect(enqueueJob(database.db, type.kind, { n: 'one' } as unknown as Payload)).rejects.toThrow();
    expect(await jobsOf(type)).toEqual([]);
  });

  it('takes over the job of a runner that died once its lease ends, and not before', async () => {
    let clock = new Date(Date.now() + 1_000);
    const ran: JobContext[] = [];
    const type = jobType(
      async (_, context) => {
        ran.push(context);
      },
      { retry: { ...NO_RETRY, maxAttempts: 3 } },
    );
    await enqueue(type, { n: 1 });
    const dead = await claimNextJob(database.db, {
      runnerId: 'dead-runner',
      types: [{ name: type.kind.name, leaseSeconds: 60 }],
      now: clock,
    });
    expect(dead?.attempts).toBe(1);

    const rests = restRecorder();
    startRunner([type], { now: () => clock, onRest: rests.onRest });
    // It looked, found the job held, and sleeps until the lease ends.
    expect(await rests.next()).toBe(60_000);
    expect(ran).toEqual([]);

    clock = new Date(clock.getTime() + 60_001);
    await notifyChange(database.db, { topic: 'jobs' });
    expect(await rests.next()).toBeUndefined();
    expect(ran).toEqual([{ attempt: 2, isLastAttempt: false }]);
    expect(await jobsOf(type)).toEqual([]);
  });

  it('gives up a job taken over after its last attempt, and one whose payload is not of its type, without running them', async () => {
    let clock = new Date(Date.now() + 1_000);
    const ran: number[] = [];
    const type = jobType(async ({ n }) => {
      ran.push(n);
    });
    await enqueue(type, { n: 1 });
    // Its one attempt allowed: a runner took it and died (a handler that kills its process would loop).
    await claimNextJob(database.db, {
      runnerId: 'dead-runner',
      types: [{ name: type.kind.name, leaseSeconds: 60 }],
      now: clock,
    });
    // Queued by an older version with another shape.
    await database.db.execute(sql`insert into jobs (type, payload, run_at)
      values (${type.kind.name}, '{"n": "one"}'::jsonb, ${clock.toISOString()}::timestamptz)`);
    clock = new Date(clock.getTime() + 60_001);
    const rests = restRecorder();
    startRunner([type], { now: () => clock, onRest: rests.onRest });
    expect(await rests.next()).toBeUndefined();
    expect(ran).toEqual([]);
    expect(await jobsOf(type)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 2,
        last_error: 'its runner stopped during its last attempt',
      }),
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('payload not of its type'),
      }),
    ]);
  });
});
