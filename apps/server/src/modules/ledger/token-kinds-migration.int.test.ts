import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { MIGRATIONS_DIR } from '../../paths';
import { findDiscrepancies, findUserBalances } from './service';

/** The migrations folder as it was before bought and earned tokens (decision 017): a copy, journal cut there. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A database with balances from before the split is migrated as issue 14 asks: what a user bought and
 * still holds stays bought (spending took the oldest tokens first), the rest is earned and available.
 */
describe('the migration to bought and earned tokens, on a database with balances', () => {
  const oldMigrations = migrationsBefore('20261125120556_token_kinds');
  afterAll(() => fs.rmSync(oldMigrations, { recursive: true, force: true }));

  it('keeps what each user bought and still holds as bought, and makes the rest available earnings', async () => {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const db = drizzle({ client, schema }) as unknown as Database;
    await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
    for (const id of ['fan', 'creator', 'both']) {
      await db.execute(sql`insert into users (id, name, email, handle, display_name)
        values (${id}, ${id}, ${`${id}@example.com`}, ${id}, ${id})`);
    }
    const post = (key: string, kind: string, accounts: string[], amounts: number[]) =>
      db.execute(
        sql`select ledger_post(${kind}, ${key}, null, ${sql.param(accounts)}::text[], ${sql.param(amounts)}::bigint[])`,
      );
    // The fan buys 100 tokens and tips 30 (the creator gets 24, the platform 6).
    await post('t1', 'top_up', ['external:card', 'wallet:fan'], [-10_000, 10_000]);
    await post('g1', 'tip', ['wallet:fan', 'wallet:creator', 'platform:revenue'], [-3_000, 2_400, 600]);
    // "both" buys 50, receives a tip of 24, then spends 30: the oldest tokens (bought) went first.
    await post('t2', 'top_up', ['external:card', 'wallet:both'], [-5_000, 5_000]);
    await post('g2', 'tip', ['wallet:fan', 'wallet:both', 'platform:revenue'], [-3_000, 2_400, 600]);
    await post('g3', 'tip', ['wallet:both', 'wallet:creator', 'platform:revenue'], [-3_000, 2_400, 600]);

    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });

    expect(await findUserBalances(db, 'fan')).toEqual({ boughtCents: 4_000, pendingCents: 0, availableCents: 0 });
    expect(await findUserBalances(db, 'creator')).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 4_800 });
    expect(await findUserBalances(db, 'both')).toEqual({ boughtCents: 2_000, pendingCents: 0, availableCents: 2_400 });
    expect(await findDiscrepancies(db)).toEqual([]);
    await client.close();
  });
});
