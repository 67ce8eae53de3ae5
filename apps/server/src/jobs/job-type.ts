import type { z } from 'zod';

/** What a queued job is: its name in the jobs table and the shape of its payload. */
export type JobKind<P> = { name: string; payload: z.ZodType<P> };

export function defineJobKind<P>(name: string, payload: z.ZodType<P>): JobKind<P> {
  return { name, payload };
}

/** The waits between runs of a failing job, and when it is given up. */
export type RetryRule = {
  /** Runs in all before the job is given up (Infinity: never). */
  maxAttempts: number;
  /** The wait after the first failed run; each later one is `factor` times the one before, up to `maxSeconds`. */
  firstSeconds: number;
  factor: number;
  maxSeconds: number;
};

/** Seconds to wait after the `attempt`th run failed (1 for the first). */
export function backoffSeconds(rule: RetryRule, attempt: number): number {
  return Math.min(rule.maxSeconds, rule.firstSeconds * rule.factor ** Math.max(0, attempt - 1));
}

export type JobContext = {
  /** This run's number, 1 for the first. */
  attempt: number;
  /** A failure now gives the job up: the handler may record that in its own rows before it throws. */
  isLastAttempt: boolean;
};

/**
 * Done (nothing), or not yet: run again at `retryAt` (the domain knows when, e.g. a withdrawal's next
 * attempt). A thrown error is a failure: run again after the back-off, or given up.
 */
export type JobOutcome = undefined | { retryAt: Date };

/** A job kind with the handler that runs it on this instance. */
export type JobType<P> = {
  kind: JobKind<P>;
  handle: (payload: P, context: JobContext) => Promise<JobOutcome>;
  retry: RetryRule;
  /** How long one run may hold the job before another runner takes it over. */
  leaseSeconds: number;
};

// biome-ignore lint/suspicious/noExplicitAny: a runner holds job types of every payload
export type AnyJobType = JobType<any>;
