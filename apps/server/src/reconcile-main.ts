// `npm run reconcile`: checks the ledger of the configured database (DATABASE_URL, else the PGlite data
// under DATA_DIR, which the server must not have open at the same time) and prints "ok" or each
// discrepancy. Exits 1 when the books do not balance.
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { checkHeldContributions } from './modules/group-gifts/service';
import { reconcile } from './modules/wallet/service';

async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const result = await reconcile(database.db);
    // Group gift contributions held (decision 033): the held account against the contributions.
    const held = await checkHeldContributions(database.db);
    const lines = result.isOk && held.length > 0 ? held : [...result.lines, ...held];
    process.stdout.write(`${lines.join('\n')}\n`);
    process.exitCode = result.isOk && held.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
