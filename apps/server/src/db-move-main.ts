// `npm run db:move -- postgres://…`: copies the stopped embedded database (DATA_DIR/db) and, with S3_* set,
// its media folder into an empty PostgreSQL database, then checks the copy. Exits 1 on a refusal or any
// difference. See docs/deploy.md and decision 021.
import { loadConfigOrExit } from './config';
import { runMove } from './modules/db-move/move';

const config = loadConfigOrExit();
process.exitCode = await runMove({
  targetUrl: process.argv[2],
  dataDir: config.dataDir,
  s3: config.s3,
  write: (line) => process.stdout.write(`${line}\n`),
});
