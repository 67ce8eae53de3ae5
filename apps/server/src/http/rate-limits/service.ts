import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type CounterPlace, countIfNoneFull, deleteCountersBefore } from './repo';

export type RateLimit = {
  /** What is limited, e.g. "sms:to:+12025550123". */
  key: string;
  limit: number;
  windowMs: number;
  /** Shown to the user when this limit refuses the request. */
  message: string;
};

/** The limit that refused a request, and the seconds until its window ends (for Retry-After). */
export type RateLimitRefusal = { limit: RateLimit; retryAfterSeconds: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/** No limit may count over a longer window: older counters are deleted (see sweepOldCounters). */
export const LONGEST_WINDOW_MS = DAY_MS;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** The counter row of a limit: one per key and window length, so an hourly and a daily limit never mix. */
export function counterKeyOf(limit: Pick<RateLimit, 'key' | 'windowMs'>): string {
  return `${limit.key}:${limit.windowMs}`;
}

/**
 * Takes one place in every limit, or none, in one database statement shared with the requests made at the
 * same time. Answers undefined when the request may go on, otherwise the refusing limit whose window ends
 * last (its message says how long to wait).
 */
export async function tryConsumeRateLimits(
  db: Database,
  limits: RateLimit[],
  now = new Date(),
): Promise<RateLimitRefusal | undefined> {
  if (limits.length === 0) return undefined;
  const places: CounterPlace[] = limits.map((limit) => {
    if (limit.windowMs > LONGEST_WINDOW_MS) throw new Error(`rate limit ${limit.key}: window longer than a day`);
    return { key: counterKeyOf(limit), windowStart: windowStart(now, limit.windowMs), max: limit.limit };
  });
  if (new Set(places.map((p) => p.key)).size !== places.length) throw new Error('the same rate limit twice');
  const { full } = await countIfNoneFull(db, places);
  await sweepOldCounters(db, now);
  if (full.length === 0) return undefined;
  const refusals = full.map((i) => {
    const limit = limits[i] as RateLimit;
    const endsAt = (places[i] as CounterPlace).windowStart.getTime() + limit.windowMs;
    return { limit, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
  });
  return refusals.reduce((latest, r) => (r.retryAfterSeconds > latest.retryAfterSeconds ? r : latest));
}

/**
 * Takes one place in every limit, or none: if any limit is full the request is refused with that limit's
 * message (code RATE_LIMITED).
 */
export async function consumeRateLimits(db: Database, limits: RateLimit[], now = new Date()): Promise<void> {
  const refusal = await tryConsumeRateLimits(db, limits, now);
  if (refusal) throw new AppError('RATE_LIMITED', refusal.limit.message);
}

/**
 * Counts one more use of a single counter row given as it is (a code's attempts until it expires, a
 * challenge used once), unless it has reached `max`; false when it had. Such a row is swept a day after
 * its `windowStart`, so that must lie at or after the moment the count stops mattering.
 */
export async function incrementIfBelow(db: Database, key: string, windowStart: Date, max: number): Promise<boolean> {
  const { full } = await countIfNoneFull(db, [{ key, windowStart, max }]);
  return full.length === 0;
}

/** When each database's counters were last swept, by this process. */
const lastSweeps = new WeakMap<Database, number>();

/**
 * Housekeeping, at most every ten minutes per process: counters whose window ended can no longer refuse
 * anything. A failure is harmless (the next sweep deletes them), so it is not reported. Never inside a
 * caller's transaction: each is a Database of its own, so every one would sweep, and hold what it deleted
 * until the caller commits.
 */
async function sweepOldCounters(db: Database, now: Date): Promise<void> {
  if (db instanceof PgTransaction) return;
  const last = lastSweeps.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < SWEEP_INTERVAL_MS) return;
  lastSweeps.set(db, now.getTime());
  await deleteCountersBefore(db, new Date(now.getTime() - LONGEST_WINDOW_MS)).catch(() => {});
}
