import { randomUUID } from 'node:crypto';
import type { ChangeFeed } from '../changes/change-feed';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createDueLoop, msFromSeconds } from './due-loop';
import { type AnyJobType, backoffSeconds } from './job-type';
import { type ClaimedJob, claimNextJob, finishJob, giveUpJob, rescheduleJob, secondsUntilNextJob } from './repo';

export type JobRunnerOptions = {
  db: Database;
  changes: ChangeFeed;
  logger: Logger;
  /** The job types this instance runs; jobs of other types are left to instances that know them. */
  types: AnyJobType[];
  /** Tests: a clock they move. By default every time is the database's (one clock for all instances). */
  now?: () => Date;
  /** Tests: told each time the runner goes to sleep, and for how long (undefined: until a change). */
  onRest?: (ms: number | undefined) => void;
};

/**
 * The one background job runner (decision 023). Every instance runs one; they share the jobs table:
 * - a runner claims one due job at a time (FOR UPDATE SKIP LOCKED) under a lease, so no two run a job at
 *   once, and a job whose runner died is taken over when its lease ends;
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

  const loop = createDueLoop({
    name: 'job runner',
    logger,
    changes: options.changes,
    wakeOn: (change) => change.topic === 'jobs' || change.topic === 'resync',
    runDue: async (isStopping) => {
      if (isStopping()) return false;
      const job = await claimNextJob(db, { runnerId, types: leases, now: now() });
      if (!job) return false;
      await run(job);
      return true;
    },
    msUntilNextDue: async () => msFromSeconds(await secondsUntilNextJob(db, [...byName.keys()], now())),
    retryMs: 5_000,
    onRest: options.onRest,
  });

  return {
    start: loop.start,
    /** Claims nothing more, lets the handler under way finish, and stops. */
    stop: loop.stop,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
