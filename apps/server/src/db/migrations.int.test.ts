import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { MIGRATIONS_DIR } from '../paths';
import type { DatabaseHandle } from './client';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

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

describe.each(databaseKinds())('migrations on %s', (kind) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('apply every committed migration to an empty database', async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(await appliedCount(database)).toBe(journal.entries.length);
    expect(await tableNames(database)).toContain('users');
  });

  it('apply nothing the second time', async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    await database.migrate();
    expect(await appliedCount(database)).toBe(journal.entries.length);
  });

  it('leave handles unique without regard to case', async () => {
    database = await openFreshDatabase(kind);
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

  it.runIf(kind === 'postgres')('are applied once when several instances start together', async () => {
    database = await openFreshDatabase(kind);
    const first = database;
    await Promise.all([first.migrate(), first.migrate(), first.migrate()]);
    expect(await appliedCount(first)).toBe(journal.entries.length);
  });
});
