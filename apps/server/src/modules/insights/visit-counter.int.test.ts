import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createVisitCounter, visitedPageOf } from './visit-counter';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const headers = (extra: Record<string, string> = {}) => new Headers({ 'user-agent': BROWSER, ...extra });

describe('the pages whose visits count', () => {
  it('are creator pages, wish pages and shared tip and invite links', () => {
    expect(visitedPageOf('/Sweet_One')).toEqual({ page: 'profile', handle: 'sweet_one' });
    expect(visitedPageOf('/sweet_one/tip')).toEqual({ page: 'share', handle: 'sweet_one' });
    expect(visitedPageOf('/join/sweet_one')).toEqual({ page: 'share', handle: 'sweet_one' });
    expect(visitedPageOf('/x/abc-123')).toEqual({ page: 'wish', wishId: 'abc-123' });
    expect(visitedPageOf('/sweet_one/edit')).toBeUndefined();
    expect(visitedPageOf('/a/b/c')).toBeUndefined();
  });
});

describe.each(databaseKinds())('the visit counter on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('adds people’s visits per creator and day, leaving out bots, prefetches, the creator and unknown pages', async () => {
    const db = database.db;
    const creator = await seedUser(db);
    const visitor = await seedUser(db);
    const wishId = randomUUID();
    await db.execute(sql`insert into wishes (id, seller_id, name, cost) values (${wishId}, ${creator.id}, 'Lamp', 20)`);
    const counter = createVisitCounter({
      db,
      logger: captureLogger().logger,
      now: () => new Date('2026-03-04T10:00:00Z'),
    });

    for (let i = 0; i < 3; i++) counter.count(`/${creator.handle}`, headers());
    counter.count(`/${creator.handle.toUpperCase()}`, headers(), async () => visitor.id);
    counter.count(`/${creator.handle}`, headers(), async () => creator.id);
    counter.count(
      `/${creator.handle}`,
      new Headers({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
    );
    counter.count(`/${creator.handle}`, headers({ 'sec-purpose': 'prefetch' }));
    counter.count(`/x/${wishId}`, headers());
    counter.count(`/x/${wishId}`, headers());
    counter.count(`/${creator.handle}/tip`, headers());
    counter.count('/nobody_here', headers());
    counter.count(`/x/${randomUUID()}`, headers());
    // The signed-in viewers' ids come a moment later.
    await new Promise((resolve) => setImmediate(resolve));
    await counter.flush();
    counter.count(`/${creator.handle}`, headers());
    await counter.stop();

    const rows = await queryRows<{ period: string; starts: string; page: string; wish_id: string; views: string }>(
      db,
      sql`select period, to_char(starts, 'YYYY-MM-DD') as starts, page, wish_id, views from insight_views
          where creator_id = ${creator.id} order by period, page, wish_id`,
    );
    // Each count goes to its day, its month and all time; a wish's also to all wishes' row ('').
    const counted = (period: string, starts: string) => [
      { period, starts, page: 'profile', wish_id: '', views: 5 },
      { period, starts, page: 'share', wish_id: '', views: 1 },
      { period, starts, page: 'wish', wish_id: '', views: 2 },
      { period, starts, page: 'wish', wish_id: wishId, views: 2 },
    ];
    expect(rows.map((r) => ({ ...r, views: Number(r.views) }))).toEqual([
      ...counted('all', '1970-01-01'),
      ...counted('day', '2026-03-04'),
      ...counted('month', '2026-03-01'),
    ]);
  });
});
