// Scratch: time post_gifts() batches of 60 tips to one creator on PostgreSQL.
import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createFreshPostgresDatabase } from '../../test/databases';
import { seedTokens, seedUser } from '../../test/seed';
import { openPostgres, queryRows } from '../db/client';
import { createGiftBatcher } from '../modules/gifts/gift-batcher';
import { sendTip } from '../modules/gifts/service';

it('post_gifts timing', async () => {
  const fresh = process.env.DBURL
    ? { url: process.env.DBURL, drop: async () => {} }
    : await createFreshPostgresDatabase();
  const handle = await openPostgres(fresh.url);
  await handle.migrate();
  const db = handle.db;
  const creator = await seedUser(db);
  const FANS = 600;
  const fans: string[] = [];
  for (let i = 0; i < FANS; i++) {
    const f = await seedUser(db);
    await seedTokens(db, f.id, 1000_00);
    fans.push(f.id);
  }
  for (const t of (process.env.DISABLE ?? '').split(',').filter(Boolean)) {
    const [table, trig] = t.split(':');
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trig}`));
  }
  const post = createGiftBatcher(db);
  const rounds = Number(process.env.ROUNDS ?? 5);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    await Promise.all(fans.map((f) => sendTip(db, post, f, { recipientId: creator.id, amount: 1 })));
    times.push(performance.now() - t0);
  }
  const stats = await queryRows<Record<string, unknown>>(
    db,
    sql`select funcname, calls, round(total_time::numeric,1) as total_ms, round(self_time::numeric,1) as self_ms from pg_stat_user_functions order by total_time desc`,
  );
  console.log(JSON.stringify(stats));
  const perGift = times.slice(1).map((t) => t / FANS);
  console.log('ms per tip (rounds after the first):', perGift.map((x) => x.toFixed(3)).join(' '));
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from purchases`);
  console.log('purchases', n?.n);
  await handle.close();
  console.log('DBURL', fresh.url);
}, 600_000);
