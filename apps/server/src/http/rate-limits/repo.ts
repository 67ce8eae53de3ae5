import { sql } from 'drizzle-orm';
import { createBatcher } from '../../db/batcher';
import { type Database, queryRowsPrepared } from '../../db/client';
import { rateLimitCounters } from './tables';

/** One counter to take a place in: its row (key and window) and how many places the window has. */
export type CounterPlace = { key: string; windowStart: Date; max: number };

/** The places that were already full, by their index in the request: none when it was counted. */
type CountOutcome = { full: number[] };

/** Counters are counted for at most this many requests in one call. */
const MAX_BATCH = 200;

/**
 * Counts one batch of requests in one statement (count_rate_limits() of sql/): each takes a place in every
 * one of its counters, or in none when one is full.
 */
async function countBatch(db: Database, requests: CounterPlace[][]): Promise<CountOutcome[]> {
  const places = requests.flatMap((request, r) => request.map((place) => ({ ...place, r })));
  // Every write runs it: prepared, so each connection parses it once.
  const [row] = await queryRowsPrepared<{ full: boolean[] }>(
    db,
    sql`select count_rate_limits(${sql.param(places.map((p) => p.r))}::int[],
      ${sql.param(places.map((p) => p.key))}::text[],
      ${sql.param(places.map((p) => p.windowStart.toISOString()))}::timestamptz[],
      ${sql.param(places.map((p) => p.max))}::int[]) as full`,
  );
  const full = row?.full ?? [];
  let at = 0;
  return requests.map((request) => {
    const outcome = { full: request.map((_, i) => i).filter((i) => full[at + i]) };
    at += request.length;
    return outcome;
  });
}

/** Each database's (or transaction's) batcher of counts. */
const batchers = new WeakMap<Database, (places: CounterPlace[]) => Promise<CountOutcome>>();

/**
 * Counts one more use in every counter unless one of them is already full: then no counter changes and the
 * full ones are answered. Requests made at the same time share one statement and one round trip
 * (db/batcher.ts): the write limit runs on every write request.
 */
export function countIfNoneFull(db: Database, places: CounterPlace[]): Promise<CountOutcome> {
  let count = batchers.get(db);
  if (!count) {
    count = createBatcher((requests: CounterPlace[][]) => countBatch(db, requests), MAX_BATCH);
    batchers.set(db, count);
  }
  return count(places);
}

/** Drops counters whose window started before `before`. */
export async function deleteCountersBefore(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${before}`);
}
