// `npm run reconcile`: checks the ledger of the configured database (DATABASE_URL, else the PGlite data
// under DATA_DIR, which the server must not have open at the same time) and prints "ok" or each
// discrepancy. Exits 1 when the books do not balance.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { reconcile } from './modules/wallet/service';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const result = await reconcile(database.db);
    process.stdout.write(`${result.lines.join('\n')}\n`);
    process.exitCode = result.isOk ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
