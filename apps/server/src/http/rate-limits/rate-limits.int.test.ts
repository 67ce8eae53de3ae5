import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Database, type DatabaseHandle, queryRows } from '../../db/client';
import { counterKeyOf, type RateLimit, tryConsumeRateLimits } from './service';
import { rateLimitCounters } from './tables';

const MINUTE = 60_000;

describe.each(databaseKinds())('rate limits on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const limit = (max: number, windowMs = MINUTE): RateLimit => ({
    key: `test:${randomUUID()}`,
    limit: max,
    windowMs,
    message: `at most ${max}`,
  });

  async function countOf(l: RateLimit) {
    const rows = await database.db.select().from(rateLimitCounters);
    return rows.find((row) => row.key === counterKeyOf(l))?.count ?? 0;
  }

  it('sweeps ended windows at most every ten minutes, and never inside a transaction', async () => {
    const DAY = 24 * 60 * MINUTE;
    // Later than any sweep this file made before: the next call with the database sweeps.
    const start = Date.now() + 400 * DAY;
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    async function oldCounter() {
      const key = `old:${randomUUID()}`;
      await database.db.insert(rateLimitCounters).values({ key, windowStart: new Date(start - 2 * DAY), count: 1 });
      return key;
    }
    async function isKept(key: string) {
      const rows = await database.db.select().from(rateLimitCounters);
      return rows.some((row) => row.key === key);
    }

    const first = await oldCounter();
    await database.db.transaction((tx) => tryConsumeRateLimits(tx as unknown as Database, [limit(5)], at(0)));
    expect(await isKept(first)).toBe(true);
    await tryConsumeRateLimits(database.db, [limit(5)], at(0));
    expect(await isKept(first)).toBe(false);

    const second = await oldCounter();
    await tryConsumeRateLimits(database.db, [limit(5)], at(9));
    expect(await isKept(second)).toBe(true);
    await tryConsumeRateLimits(database.db, [limit(5)], at(10));
    expect(await isKept(second)).toBe(false);
  });

  it('keeps its counters in an unlogged table: a write request flushes no WAL for its limits', async () => {
    const [row] = await queryRows<{ persistence: string }>(
      database.db,
      sql`select relpersistence as persistence from pg_class where relname = 'rate_limit_counters'`,
    );
    expect(row?.persistence).toBe('u');
  });

  it('takes a place in every limit or in none, and names the full one with the seconds left in its window', async () => {
    const narrow = limit(2);
    const wide = limit(100, 24 * 60 * MINUTE);
    const now = new Date(Date.UTC(2026, 0, 1, 12, 0, 15));
    expect(await tryConsumeRateLimits(database.db, [wide, narrow], now)).toBeUndefined();
    expect(await tryConsumeRateLimits(database.db, [wide, narrow], now)).toBeUndefined();
    expect(await tryConsumeRateLimits(database.db, [wide, narrow], now)).toEqual({
      limit: narrow,
      retryAfterSeconds: 45,
    });
    expect([await countOf(narrow), await countOf(wide)]).toEqual([2, 2]);
  });

  it('keeps every count exact when many requests race for the last places at once', async () => {
    const narrow = limit(5);
    const wide = limit(1000);
    const now = new Date();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => tryConsumeRateLimits(database.db, [wide, narrow], now)),
    );
    expect(answers.filter((a) => a === undefined)).toHaveLength(5);
    // The refused requests count in no limit, also those that passed the first check and then lost the race.
    expect([await countOf(narrow), await countOf(wide)]).toEqual([5, 5]);
  });

  it('counts requests made together in order: one refused takes no place, and the next still gets its own', async () => {
    const shared = limit(100);
    const full = limit(1);
    const free = limit(1);
    const now = new Date();
    expect(await tryConsumeRateLimits(database.db, [full], now)).toBeUndefined();
    const answers = await Promise.all([
      tryConsumeRateLimits(database.db, [shared, full], now),
      tryConsumeRateLimits(database.db, [shared, free], now),
      tryConsumeRateLimits(database.db, [free, shared], now),
    ]);
    expect(answers.map((a) => a?.limit.key)).toEqual([full.key, undefined, free.key]);
    expect([await countOf(shared), await countOf(full), await countOf(free)]).toEqual([1, 1, 1]);
  });
});
