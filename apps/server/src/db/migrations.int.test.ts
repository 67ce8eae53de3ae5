import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tokensToCents } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, openEmptyDatabase } from '../../test/databases';
import { seedTokens, seedUser, tipPosting } from '../../test/seed';
import { postGifts } from '../modules/gifts/repo';
import { MIGRATIONS_DIR } from '../paths';
import type { DatabaseHandle } from './client';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

const earlierFolders: string[] = [];
afterAll(() => {
  for (const folder of earlierFolders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The migrations before `tag`, in a folder of their own: a database as the release before it left it. */
function migrationsBefore(tag: string): string {
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-migrations-'));
  earlierFolders.push(folder);
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const earlier = { ...journal, entries: journal.entries.slice(0, index) };
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(earlier));
  return folder;
}

/** Rows of a raw query: both drivers answer with `rows`. */
async function rowsOf<T>(database: DatabaseHandle, query: ReturnType<typeof sql>) {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function appliedCount(database: DatabaseHandle) {
  const rows = await rowsOf<{ count: number }>(
    database,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.count;
}

async function tableNames(database: DatabaseHandle) {
  const rows = await rowsOf<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

type SnapshotTable = {
  name: string;
  columns: Record<string, unknown>;
  indexes: Record<string, unknown>;
  compositePrimaryKeys: Record<string, { name: string }>;
  uniqueConstraints: Record<string, { name: string }>;
};

/** What drizzle-kit believes the migrations leave: the last snapshot's tables, columns and indexes. */
function expectedSchema() {
  const last = journal.entries.at(-1)?.tag.slice(0, 14);
  const snapshot = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, `meta/${last}_snapshot.json`), 'utf8')) as {
    tables: Record<string, SnapshotTable>;
  };
  const tables = Object.values(snapshot.tables);
  return {
    columns: tables.flatMap((t) => Object.keys(t.columns).map((column) => `${t.name}.${column}`)).sort(),
    indexes: tables
      .flatMap((t) => [
        ...Object.keys(t.indexes),
        ...Object.values(t.compositePrimaryKeys).map((k) => k.name),
        ...Object.values(t.uniqueConstraints).map((k) => k.name),
      ])
      .sort(),
  };
}

describe.each(databaseKinds())('migrations on %s', (kind) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('apply every committed migration to an empty database', async () => {
    database = await openEmptyDatabase(kind);
    await database.migrate();
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(await appliedCount(database)).toBe(journal.entries.length);
    expect(await tableNames(database)).toContain('users');
  });

  it('leave every column and index the schema declares, as the last snapshot records it', async () => {
    database = await openEmptyDatabase(kind);
    await database.migrate();
    const expected = expectedSchema();
    const columns = await rowsOf<{ name: string }>(
      database,
      sql`select table_name || '.' || column_name as name from information_schema.columns
          where table_schema = 'public'`,
    );
    const indexes = await rowsOf<{ indexname: string }>(
      database,
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const actualIndexes = new Set(indexes.map((r) => r.indexname));
    const actualColumns = new Set(columns.map((r) => r.name));
    // A hand-edited migration that lost a statement leaves its snapshot promising what the database lacks.
    expect(expected.indexes.filter((name) => !actualIndexes.has(name))).toEqual([]);
    expect(expected.columns.filter((name) => !actualColumns.has(name))).toEqual([]);
  });

  it('apply nothing the second time', async () => {
    database = await openEmptyDatabase(kind);
    await database.migrate();
    await database.migrate();
    expect(await appliedCount(database)).toBe(journal.entries.length);
  });

  it('leave handles unique without regard to case', async () => {
    database = await openEmptyDatabase(kind);
    await database.migrate();
    await database.db.execute(
      sql`insert into users (id, name, email, handle) values ('u1', 'A', 'a@example.com', 'Sweet_One')`,
    );
    await expect(
      database.db.execute(
        sql`insert into users (id, name, email, handle) values ('u2', 'B', 'b@example.com', 'sweet_one')`,
      ),
    ).rejects.toThrow();
  });

  it("start each creator's purchase counter at their last purchase number", async () => {
    database = await openEmptyDatabase(kind);
    await database.migrate(migrationsBefore('20261128134027_purchase_counters'));
    const { db } = database;
    const [fan, first, second] = [await seedUser(db), await seedUser(db), await seedUser(db)];
    await seedTokens(db, fan.id, tokensToCents(10));
    expect(
      await postGifts(db, [tipPosting(fan.id, first.id), tipPosting(fan.id, second.id), tipPosting(fan.id, first.id)]),
    ).toEqual(['ok', 'ok', 'ok']);

    await database.migrate();
    const counters = await rowsOf<{ seller_id: string; last_seq: string }>(
      database,
      sql`select seller_id, last_seq from purchase_counters`,
    );
    expect(Object.fromEntries(counters.map((c) => [c.seller_id, Number(c.last_seq)]))).toEqual({
      [first.id]: 2,
      [second.id]: 1,
    });

    const next = tipPosting(fan.id, first.id);
    expect(await postGifts(db, [next])).toEqual(['ok']);
    const [numbered] = await rowsOf<{ seller_seq: string }>(
      database,
      sql`select seller_seq from purchases where id = ${next.purchase.id}`,
    );
    expect(Number(numbered?.seller_seq)).toBe(3);
  });

  it.runIf(kind === 'postgres')('are applied once when several instances start together', async () => {
    database = await openEmptyDatabase(kind);
    const first = database;
    await Promise.all([first.migrate(), first.migrate(), first.migrate()]);
    expect(await appliedCount(first)).toBe(journal.entries.length);
  });
});
