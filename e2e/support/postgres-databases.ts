import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

// Playwright loads its config synchronously, so the statement runs in a child Node process with `pg`.
const RUN_SQL = `
const pg = require('pg');
const client = new pg.Client({ connectionString: process.argv[1] });
client.connect().then(() => client.query(process.argv[2])).then(
  () => client.end(),
  (error) => { console.error(error.message); process.exit(1); },
);`;

function runSql(url: string, sql: string): void {
  execFileSync(process.execPath, ['-e', RUN_SQL, url, sql], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A new empty database on the server of `serverUrl` (the server migrates it when it starts); its URL. */
export function createE2eDatabase(serverUrl: string): string {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1)}_e2e_${randomBytes(4).toString('hex')}`;
  runSql(serverUrl, `CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database createE2eDatabase made, closing the connections a server still holds to it. */
export function dropE2eDatabase(serverUrl: string, databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  runSql(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
