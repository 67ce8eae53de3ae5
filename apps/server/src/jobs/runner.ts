import { randomUUID } from 'node:crypto';
import type { ChangeFeed } from '../changes/change-feed';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createDueLoop, msFromSeconds } from './due-loop';
import { type AnyJobType, backoffSeconds } from './job-type';
import { createLaneAccounting, type LaneLimits } from './lane-limits';
import { type ClaimedJob, claimNextJob, finishJob, giveUpJob, rescheduleJob, secondsUntilNextJob } from './repo';

export type JobRunnerOptions = {
  db: Database;
  changes: ChangeFeed;
  logger: Logger;
  /** Named in the log: which lane of background work this runner is (decision 055). */
  name?: string;
  /** The job types this instance runs; jobs of other types are left to instances that know them. */
  types: AnyJobType[];
  /** Jobs run at once (default 1). */
  concurrency?: number;
  /** What one group and one tenant may use of them (decision 055); default: no limit. */
  limits?: LaneLimits;
  /** Tests: a clock they move. By default every time is the database's (one clock for all instances). */
  now?: () => Date;
  /** Tests: told each time the runner goes to sleep, and for how long (undefined: until a change). */
  onRest?: (ms: number | undefined) => void;
};

/**
 * A background job runner (decision 023), one per lane of work (decision 055). Every instance runs one of
 * each; they share the jobs table:
 * - a runner claims due jobs one by one (FOR UPDATE SKIP LOCKED) under a lease, so no two run a job at
 *   once, and a job whose runner died is taken over when its lease ends; up to `concurrency` run at once,
 *   skipping the groups and tenants at their limits;
 * - a failed run is tried again after an exponential back-off, and given up after the type's max attempts;
 * - it wakes when a change says jobs were queued or brought forward (`jobs`), otherwise it sleeps
 *   until the next job or lease end comes due, with one timer; with none, it sets no timer and runs no
 *   statement until a change comes;
 * - stop() stops claiming and waits for the handler under way.
 * A handler may therefore run more than once for a job (a runner dying after the work, before the
 * delete): handlers keep their own state so a second run does no harm (a notification's `sending`, a
 * withdrawal's claim and idempotency key).
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, logger } = options;
  const runnerId = randomUUID();
  const byName = new Map(options.types.map((type) => [type.kind.name, type]));
  const leases = options.types.map((type) => ({ name: type.kind.name, leaseSeconds: type.leaseSeconds }));
  const now = () => options.now?.();
  const concurrency = options.concurrency ?? 1;
  const accounting = createLaneAccounting(options.limits ?? {});
  const running = new Set<Promise<void>>();

  async function run(job: ClaimedJob) {
    const type = byName.get(job.type) as AnyJobType;
    const log = { jobId: job.id, jobType: job.type, attempt: job.attempts };
    if (job.attempts > type.retry.maxAttempts) {
      logger.error(log, 'a job was given up: its runner stopped during its last attempt');
      await giveUpJob(db, job.id, runnerId, 'its runner stopped during its last attempt');
      return;
    }
    const payload = type.kind.payload.safeParse(job.payload);
    if (!payload.success) {
      logger.error({ ...log, issues: payload.error.issues }, 'a job was given up: its payload is not of its type');
      await giveUpJob(db, job.id, runnerId, `payload not of its type: ${payload.error.message}`);
      return;
    }
    const isLastAttempt = job.attempts >= type.retry.maxAttempts;
    try {
      const outcome = await type.handle(payload.data, { attempt: job.attempts, isLastAttempt });
      if (outcome) await rescheduleJob(db, job.id, runnerId, outcome.retryAt);
      else await finishJob(db, job.id, runnerId);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (isLastAttempt) {
        logger.error({ ...log, err }, 'a job failed for the last time: given up');
        await giveUpJob(db, job.id, runnerId, error);
        return;
      }
      const seconds = backoffSeconds(type.retry, job.attempts);
      logger.warn({ ...log, err, retryInSeconds: seconds }, 'a job failed; it runs again later');
      await rescheduleJob(db, job.id, runnerId, { seconds, now: now() }, error);
    }
  }

  /** Runs a claimed job beside the others; its end frees its slot and wakes the loop to claim again. */
  function start(job: ClaimedJob) {
    const started = performance.now();
    accounting.started(job);
    const task = run(job)
      .catch((err: unknown) => logger.error({ err, jobId: job.id, lane: options.name }, 'a job could not be recorded'))
      .finally(() => {
        accounting.finished(job, performance.now() - started);
        running.delete(task);
        loop.wake();
      });
    running.add(task);
  }

  const loop = createDueLoop({
    name: options.name ? `${options.name} job runner` : 'job runner',
    logger,
    changes: options.changes,
    wakeOn: (change) => change.topic === 'jobs' || change.topic === 'resync',
    runDue: async (isStopping) => {
      if (isStopping()) return false;
      // Every slot taken: wait for one to free, then look again (a busy lane, not a resting one).
      if (running.size >= concurrency) {
        await Promise.race(running);
        return true;
      }
      const job = await claimNextJob(db, { runnerId, types: leases, now: now(), excluded: accounting.excluded() });
      if (!job) return false;
      start(job);
      return true;
    },
    msUntilNextDue: async () => {
      const next = msFromSeconds(await secondsUntilNextJob(db, [...byName.keys()], now(), accounting.excluded()));
      const budget = accounting.msUntilBudgetFrees();
      return next === undefined ? budget : budget === undefined ? next : Math.min(next, budget);
    },
    retryMs: 5_000,
    onRest: options.onRest,
  });

  return {
    start: loop.start,
    /** Claims nothing more, lets the handlers under way finish, and stops. */
    async stop() {
      await loop.stop();
      await Promise.all(running);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
