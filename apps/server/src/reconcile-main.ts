// `npm run reconcile`: checks the ledger of the configured database (DATABASE_URL, else the PGlite data
// under DATA_DIR, which the server must not have open at the same time) and prints "ok" or each
// discrepancy. Exits 1 when the books do not balance.
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { reconcile } from './modules/wallet/service';

async function main() {
  const config = loadConfigOrExit();
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
