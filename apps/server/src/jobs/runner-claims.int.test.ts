import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { notifyChange } from '../changes/change-feed';
import type { JobContext } from './job-type';
import { claimNextJob, enqueueJob } from './repo';

import { NO_RETRY, type Payload, restRecorder, until, useRunnerSuite } from './runner-fixtures';

describe.each(databaseKinds())('the job runner: claims and take-overs on %s', (kind) => {
  const suite = useRunnerSuite(kind);
  const { jobType, startRunner, enqueue, jobsOf } = suite;

  it('runs each job once when two runners share the queue', async () => {
    const ran: number[] = [];
    const type = jobType(async ({ n }) => {
      ran.push(n);
      // Gives the other runner its turn mid-job.
      await new Promise((r) => setImmediate(r));
    });
    for (let n = 0; n < 30; n++) await enqueueJob(suite.database.db, type.kind, { n });
    startRunner([type]);
    startRunner([type]);
    await until(async () => (await jobsOf(type)).length === 0);
    expect(ran.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('queues nothing for a payload not of its type', async () => {
    const type = jobType(async () => {});
    await expect(enqueueJob(suite.database.db, type.kind, { n: 'one' } as unknown as Payload)).rejects.toThrow();
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
    const dead = await claimNextJob(suite.database.db, {
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
    await notifyChange(suite.database.db, { topic: 'jobs' });
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
    await claimNextJob(suite.database.db, {
      runnerId: 'dead-runner',
      types: [{ name: type.kind.name, leaseSeconds: 60 }],
      now: clock,
    });
    // Queued by an older version with another shape.
    await suite.database.db.execute(sql`insert into jobs (type, payload, run_at)
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
