import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { seedTokens, seedUser, tipPosting } from '../../test/seed';
import { postGifts } from '../modules/gifts/repo';
import { type Database, type DatabaseHandle, queryRows } from './client';

// The functions every write runs keep their plans for the connection's life (force_generic_plan), and the
// first call may come while the tables are nearly empty, when reading a table whole is the cheapest plan.
// Each test makes the plans on small tables, grows the tables, and checks that the next call reads no table
// whole. It all runs in one transaction, so on one connection with the plans it made.

const GROWN = 3_000;

/** Whole-table reads per table so far in this transaction. */
async function seqScans(tx: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ relname: string; seq_scan: string }>(
    tx,
    sql`select relname, seq_scan from pg_stat_xact_user_tables`,
  );
  return new Map(rows.map((r) => [r.relname, Number(r.seq_scan)]));
}

/** Rows fetched through an index so far in this transaction, per table. */
async function indexEntriesRead(tx: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ relname: string; read: string }>(
    tx,
    sql`select relname, idx_tup_fetch as read from pg_stat_xact_user_tables`,
  );
  return new Map(rows.map((r) => [r.relname, Number(r.read ?? 0)]));
}

/** The tables read whole by `work`. */
async function tablesReadWhole(tx: Database, work: () => Promise<unknown>): Promise<string[]> {
  const before = await seqScans(tx);
  await work();
  const after = await seqScans(tx);
  return [...after].filter(([table, n]) => n > (before.get(table) ?? 0)).map(([table]) => table);
}

/** What `work` answers, with whatever it wrote rolled back, so the tests leave the database as they found it. */
async function rolledBack<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  const rollback = new Error('roll back');
  await expect(
    db.transaction(async (tx) => {
      answer = await work(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
  return answer as T;
}

function countRateLimits(tx: Database, keys: string[]) {
  const now = new Date().toISOString();
  return queryRows(
    tx,
    sql`select count_rate_limits(${sql.param(keys.map((_, i) => i))}::int[], ${sql.param(keys)}::text[],
      ${sql.param(keys.map(() => now))}::timestamptz[], ${sql.param(keys.map(() => 100))}::int[])`,
  );
}

describe.each(databaseKinds())('functions every write runs, on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('count_rate_limits() reads its counters by key after the table grew', async () => {
    const read = await rolledBack(database.db, async (tx) => {
      await countRateLimits(tx, ['first:a', 'first:b']);
      await tx.execute(sql`insert into rate_limit_counters (key, window_start, count)
        select 'grown:' || g, now(), 1 from generate_series(1, ${GROWN}) g`);
      return tablesReadWhole(tx, () => countRateLimits(tx, ['grown:1', 'grown:2', 'new:c']));
    });
    expect(read).toEqual([]);
  });

  it('post_gifts() reads accounts, lots and blocks by key after the tables grew', async () => {
    const read = await rolledBack(database.db, async (tx) => {
      const creator = await seedUser(tx);
      const fan = await seedUser(tx);
      await seedTokens(tx, fan.id, 500);
      expect(await postGifts(tx, [tipPosting(fan.id, creator.id)])).toEqual(['ok']);

      // Many users, each with a wallet, a bought lot and a block.
      await tx.execute(sql`insert into users (id, name, email)
        select 'grown' || g, 'Grown', 'grown' || g || '@example.com' from generate_series(1, ${GROWN}) g`);
      await tx.execute(sql`insert into ledger_accounts (id, kind, user_id, balance_cents)
        select 'wallet:grown' || g, 'wallet', 'grown' || g, 100 from generate_series(1, ${GROWN}) g`);
      await tx.execute(
        sql`insert into ledger_transfers (id, kind, idempotency_key) values ('grown', 'top_up', 'grown')`,
      );
      await tx.execute(sql`insert into token_lots (user_id, kind, transfer_id, amount_cents, remaining_cents)
        select 'grown' || g, 'bought', 'grown', 100, 100 from generate_series(1, ${GROWN}) g`);
      await tx.execute(sql`insert into blocks (blocker_id, blocked_id, refuses_gifts)
        select 'grown' || g, 'grown' || (g % ${GROWN} + 1), true from generate_series(1, ${GROWN}) g`);

      return tablesReadWhole(tx, () => postGifts(tx, [tipPosting(fan.id, creator.id), tipPosting(fan.id, creator.id)]));
    });
    expect(read).toEqual([]);
  });

  it("post_gifts() reads a few rows per table for a creator's next gift, whatever the statistics said when its plans were made", async () => {
    const readMany = await rolledBack(database.db, async (tx) => {
      const creator = await seedUser(tx);
      const fan = await seedUser(tx);
      await seedTokens(tx, fan.id, 300);
      expect(await postGifts(tx, [tipPosting(fan.id, creator.id)])).toEqual(['ok']);
      // Statistics of a creator with one purchase, and a gift that makes its plans with them: they expect
      // one row per creator. The bench's kept plan then read every purchase of the creator through another
      // index and sorted them (decision 040).
      await tx.execute(sql`analyze purchases`);
      expect(await postGifts(tx, [tipPosting(fan.id, creator.id)])).toEqual(['ok']);
      for (let round = 0; round < GROWN / 300; round++) {
        const other = await seedUser(tx);
        await seedTokens(tx, other.id, 300 * 100);
        const results = await postGifts(
          tx,
          Array.from({ length: 300 }, () => tipPosting(other.id, creator.id)),
        );
        expect(results.filter((result) => result !== 'ok')).toEqual([]);
      }

      const before = await indexEntriesRead(tx);
      await postGifts(tx, [tipPosting(fan.id, creator.id)]);
      const after = await indexEntriesRead(tx);
      return [...after].filter(([table, n]) => n - (before.get(table) ?? 0) >= 20).map(([table]) => table);
    });
    // Per table, the few rows this gift names and the new rows' unique checks; not the creator's 3,002 purchases.
    expect(readMany).toEqual([]);
  });
});
