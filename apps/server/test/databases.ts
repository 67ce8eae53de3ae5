import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/client';

export type DatabaseKind = DatabaseHandle['kind'];

/** The databases every integration suite runs against: PGlite always, PostgreSQL when configured. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A new, empty database of the given kind. On PostgreSQL each call gets its own schema-free database
 * (created inside the run's database server), so suites never share tables.
 */
export async function openFreshDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openPglite('memory://');
  const fresh = await createFreshPostgresDatabase();
  const handle = await openPostgres(fresh.url);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

/** A new, empty PostgreSQL database of its own (tests of several server instances open it more than once). */
export async function createFreshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const runUrl = new URL(inject('postgresUrl'));
  const name = `${runUrl.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: runUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
