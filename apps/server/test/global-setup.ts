import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PostgreSQL database for this run, or '' when TEST_DATABASE_URL is not set. */
    postgresUrl: string;
  }
}

/**
 * When TEST_DATABASE_URL points at a PostgreSQL server, the suite creates a database of its own for
 * this run and drops it at the end, so runs never see each other's data.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('postgresUrl', '');
    return;
  }
  const name = `sweetwish_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('postgresUrl', url.toString());

  return async () => {
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
