import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { notifyChange } from '../changes/change-feed';
import type { Database } from '../db/client';
import type { JobContext } from './job-type';
import { enqueueJob } from './repo';
import { restRecorder, useRunnerSuite } from './runner-fixtures';

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

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.each(databaseKinds())('the job runner: back-off, rest and stop on %s', (kind) => {
  const suite = useRunnerSuite(kind);
  const { jobType, startRunner, enqueue, hear, jobsOf } = suite;

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
      await notifyChange(suite.database.db, { topic: 'jobs' });
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
    const counting = countingStatements(suite.database.db);
    const rests = restRecorder();
    startRunner([type], { db: counting.db, onRest: rests.onRest });
    // Nothing waits: it sleeps with no timer.
    expect(await rests.next()).toBeUndefined();
    const idle = counting.count();

    // A change for someone else is heard (here as by the runner) and wakes nothing.
    const heard = hear('wallet');
    await notifyChange(suite.database.db, { topic: 'wallet', userId: 'someone' });
    await heard;
    expect(counting.count()).toBe(idle);
    expect(rests.count()).toBe(1);

    // Queued work wakes it (so the count above could have moved).
    await enqueueJob(suite.database.db, type.kind, { n: 7 });
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
