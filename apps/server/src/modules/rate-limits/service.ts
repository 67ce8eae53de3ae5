import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { deleteCountersBefore, incrementIfBelow } from './repo';

export type RateLimit = {
  /** What is limited, e.g. "sms:to:+12025550123". */
  key: string;
  limit: number;
  windowMs: number;
  /** Shown to the user when this limit refuses the request. */
  message: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Takes one place in every limit, or none: if any limit is full the whole transaction rolls back and
 * the request is refused with that limit's message (code RATE_LIMITED).
 */
export async function consumeRateLimits(db: Database, limits: RateLimit[], now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const limit of limits) {
      const isCounted = await incrementIfBelow(
        tx as unknown as Database,
        `${limit.key}:${limit.windowMs}`,
        windowStart(now, limit.windowMs),
        limit.limit,
      );
      if (!isCounted) throw new AppError('RATE_LIMITED', limit.message);
    }
  });
  // Housekeeping, rarely: counters older than two days can no longer refuse anything.
  if (Math.random() < 0.01) await deleteCountersBefore(db, new Date(now.getTime() - 2 * DAY_MS));
}
