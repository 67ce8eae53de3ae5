import { setTimeout as sleep } from 'node:timers/promises';

/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const CONFLICT_CODES = new Set(['40001', '40P01']);

/** The PostgreSQL error code, on the error or (drizzle wraps driver errors) on its cause. */
function codeOf(err: unknown): string | undefined {
  const error = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = error?.code ?? error?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isConflict(err: unknown): boolean {
  return CONFLICT_CODES.has(codeOf(err) ?? '');
}

export type RetryOnConflictOptions = {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The longest wait before the second run; it doubles for each run after. The wait is random below it. */
  maxJitterMs?: number;
};

/**
 * Runs `run` (a whole transaction) again after a serialization failure or deadlock, at most `attempts` times
 * in all. Each wait is random, so two transactions that collided do not collide again in step. Any other
 * error, and the last conflict, is thrown as is.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, options: RetryOnConflictOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const maxJitterMs = options.maxJitterMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isConflict(err)) throw err;
      await sleep(Math.random() * maxJitterMs * 2 ** (attempt - 1));
    }
  }
}
