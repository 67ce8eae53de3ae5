import { sql } from 'drizzle-orm';
import { type Database, queryRowsPrepared } from '../../db/client';
import { rateLimitCounters } from './tables';

/** One counter to take a place in: its row (key and window) and how many places the window has. */
export type CounterPlace = { key: string; windowStart: Date; max: number };

/** Which of the places were counted, and which were already full (by their index in the request). */
export type CountOutcome = { counted: number[]; full: number[] };

/**
 * Counts one more use in every counter, in one statement, unless one of them is already full: then no
 * counter changes and the full ones are answered. The conditional update re-checks each row under its
 * lock, so concurrent requests cannot both take a counter's last place; only when such a race is lost
 * after the first check can some counters be counted and others not (the caller gives those back).
 */
export async function countIfNoneFull(db: Database, places: CounterPlace[]): Promise<CountOutcome> {
  const wanted = sql.join(
    places.map((p, i) => sql`(${i}::int, ${p.key}::text, ${p.windowStart.toISOString()}::timestamptz, ${p.max}::int)`),
    sql`, `,
  );
  // Every write runs it: prepared, so each connection plans each shape (number of counters) once.
  const rows = await queryRowsPrepared<{ i: number; isCounted: boolean }>(
    db,
    sql`
    with wanted (i, key, window_start, max_count) as (values ${wanted}),
    full_places as (
      select w.i from wanted w
      join rate_limit_counters c on c.key = w.key and c.window_start = w.window_start
      where c.count >= w.max_count
    ),
    counted as (
      insert into rate_limit_counters as c (key, window_start, count)
      select key, window_start, 1 from wanted where not exists (select 1 from full_places)
      -- Rows are locked in one order by every statement, so two of them never wait for each other.
      order by key, window_start
      on conflict (key, window_start) do update set count = c.count + 1
      where c.count < (select w.max_count from wanted w where w.key = c.key and w.window_start = c.window_start)
      returning c.key, c.window_start
    )
    select w.i, true as "isCounted" from counted join wanted w using (key, window_start)
    union all
    select i, false from full_places`,
  );
  return {
    counted: rows.filter((r) => r.isCounted).map((r) => Number(r.i)),
    full: rows.filter((r) => !r.isCounted).map((r) => Number(r.i)),
  };
}

/** Gives back one use in each of these counters (a request that was refused by another limit after all). */
export async function uncount(db: Database, places: Pick<CounterPlace, 'key' | 'windowStart'>[]): Promise<void> {
  if (places.length === 0) return;
  const keys = sql.join(
    places.map((p) => sql`(${p.key}::text, ${p.windowStart.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    with locked as (
      select key, window_start from rate_limit_counters
      where (key, window_start) in (${keys}) and count > 0
      order by key, window_start
      for update
    )
    update rate_limit_counters c set count = c.count - 1
    from locked l where c.key = l.key and c.window_start = l.window_start`);
}

/** Drops counters whose window started before `before`. */
export async function deleteCountersBefore(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${before}`);
}
