import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from './tables';

/**
 * Counts one more use of `key` in the window starting at `windowStart`, unless the count has reached
 * `limit`. Returns false when the limit was already reached (and nothing was counted). One statement,
 * so concurrent requests cannot both take the last place.
 */
export async function incrementIfBelow(db: Database, key: string, windowStart: Date, limit: number): Promise<boolean> {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
      setWhere: sql`${rateLimitCounters.count} < ${limit}`,
    })
    .returning({ count: rateLimitCounters.count });
  return rows.length > 0;
}

/** Drops counters whose window ended before `before`. */
export async function deleteCountersBefore(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${before}`);
}
