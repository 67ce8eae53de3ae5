// `npm run reconcile`: checks the ledger of the configured database (DATABASE_URL, else the PGlite data under
// DATA_DIR, which no server may have open at the same time) and prints "ok" or each discrepancy. The exit
// code tells a cron job or a timer which it was: the books out of balance, or a check that could not run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadDatabaseSettings } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { checkHeldContributions } from './modules/group-gifts/service';
import { reconcile } from './modules/wallet/service';

export const RECONCILE_EXIT = {
  /** Every transfer balances and every balance matches its entries. */
  ok: 0,
  /** The books do not balance: each discrepancy is printed. Never expected: stop and investigate. */
  unbalanced: 1,
  /** The check did not run: a bad or missing setting, no database there, or a database that does not answer. */
  cannotCheck: 2,
} as const;

type Output = { out: (line: string) => void; err: (line: string) => void };

/** Why the embedded database under `dataDir` cannot be checked, if it cannot. */
function embeddedDatabaseProblem(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'db');
  // Opening an absent folder would create an empty database, whose books balance: a wrong DATA_DIR must not read ok.
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    return `there is no embedded database at ${dir} (DATA_DIR is ${dataDir})`;
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    return `the embedded database at ${dir} is open (postmaster.pid is there): stop the server first`;
  }
  return undefined;
}

/** Runs the check and answers the exit code (RECONCILE_EXIT). */
export async function runReconcile(env: Record<string, string | undefined>, output: Output): Promise<number> {
  let settings: ReturnType<typeof loadDatabaseSettings>;
  try {
    settings = loadDatabaseSettings(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    output.err(`reconcile: the ledger was not checked. ${err.message}`);
    return RECONCILE_EXIT.cannotCheck;
  }
  const problem = settings.databaseUrl ? undefined : embeddedDatabaseProblem(settings.dataDir);
  if (problem) {
    output.err(`reconcile: the ledger was not checked: ${problem}`);
    return RECONCILE_EXIT.cannotCheck;
  }
  let database: DatabaseHandle | undefined;
  let lines: string[];
  try {
    database = await openDatabase(settings);
    await database.migrate();
    const result = await reconcile(database.db);
    // Group gift contributions held (decision 033): the held account against the contributions.
    const held = await checkHeldContributions(database.db);
    lines = result.isOk ? held : [...result.lines, ...held];
  } catch (err) {
    // A driver's message names the host and the user at most, never the password.
    output.err(`reconcile: the ledger was not checked: ${err instanceof Error ? err.message : String(err)}`);
    return RECONCILE_EXIT.cannotCheck;
  } finally {
    await database?.close().catch(() => {});
  }
  if (lines.length > 0) {
    for (const line of lines) output.out(line);
    return RECONCILE_EXIT.unbalanced;
  }
  output.out('ok');
  return RECONCILE_EXIT.ok;
}
