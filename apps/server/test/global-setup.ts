import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PostgreSQL database for this run, or '' when TEST_DATABASE_URL is not set. */
    postgresUrl: string;
    /** A migrated PostgreSQL database that suites' databases are copied from ('' without PostgreSQL). */
    postgresTemplate: string;
    /** A migrated PGlite database's files (a `dumpDataDir` tarball) that suites' databases start from. */
    pgliteSnapshot: string;
  }
}

/**
 * Migrations run once per run, not once per suite: every suite's database starts as a copy of a migrated
 * one (a PGlite data directory loaded from a tarball, a PostgreSQL `create database … template`). Creating
 * and migrating took 4-15 s per database; a copy takes a fraction of that.
 *
 * When TEST_DATABASE_URL points at a PostgreSQL server, the suite creates a database of its own for
 * this run and drops it at the end, so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-int-'));
  project.provide('pgliteSnapshot', await writePgliteSnapshot(snapshotDir));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('postgresUrl', '');
    project.provide('postgresTemplate', '');
    return () => fs.rmSync(snapshotDir, { recursive: true, force: true });
  }
  const name = `sweetwish_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  await adminQuery(serverUrl, `create database ${name}_template`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${name}_template`;
  const template = await openPostgres(templateUrl.toString());
  await template.migrate();
  await template.close();
  project.provide('postgresUrl', url.toString());
  project.provide('postgresTemplate', `${name}_template`);

  return async () => {
    fs.rmSync(snapshotDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    // Suites make databases of their own named after the run's; a crashed suite may leave one behind.
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${name}%`,
    ]);
    for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
    await client.end();
  };
}

async function writePgliteSnapshot(dir: string): Promise<string> {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const tarball = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  return file;
}

async function adminQuery(connectionString: string, statement: string) {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}
