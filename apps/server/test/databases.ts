import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/client';

export type DatabaseKind = DatabaseHandle['kind'];

/** The databases every integration suite runs against: PGlite always, PostgreSQL when configured. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The one database of a suite that tests the HTTP layer rather than the database, and is too slow to run
 * twice: PostgreSQL when configured, as in production, else PGlite.
 */
export function oneDatabaseKind(): DatabaseKind {
  return inject('postgresUrl') ? 'postgres' : 'pglite';
}

/**
 * A new database of the given kind, migrated: a copy of the run's migrated database (global-setup.ts), so
 * suites never share tables and never wait for migrations. `migrate()` on it is a no-op.
 */
export async function openFreshDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openPglite('memory://', { loadDataDir: await pgliteSnapshot() });
  return openPostgresCopy(await createFreshPostgresDatabase());
}

/** A new database with no tables at all, for tests of the migrations themselves. */
export async function openEmptyDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openPglite('memory://');
  return openPostgresCopy(await createFreshPostgresDatabase({ empty: true }));
}

async function openPostgresCopy(fresh: { url: string; drop: () => Promise<void> }): Promise<DatabaseHandle> {
  const handle = await openPostgres(fresh.url);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

let snapshot: Promise<Blob> | undefined;

/** The migrated PGlite files, read once per test process. */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= fs.promises.readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * A new PostgreSQL database of its own on the run's server (tests of several server instances open it more
 * than once): migrated, copied from the run's template, or `empty` (the target of a move or a restore).
 */
export async function createFreshPostgresDatabase({ empty = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const runUrl = new URL(inject('postgresUrl'));
  const name = `${runUrl.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: runUrl.toString() });
  await admin.connect();
  await admin.query(
    empty ? `create database ${name}` : `create database ${name} template ${inject('postgresTemplate')}`,
  );
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: runUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
