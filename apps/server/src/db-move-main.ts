// `npm run db:move -- postgres://…`: copies the stopped embedded database (DATA_DIR/db) and, with S3_* set,
// its media folder into an empty PostgreSQL database, checks the copy, moves the push keys of
// DATA_DIR/vapid.json into it and says what AUTH_SECRET to set. Exits 1 on a refusal or any difference.
// See docs/deploy.md section 8 and decision 021.
import { loadConfigOrExit } from './config';
import { runMove } from './modules/db-move/move';

// The target is the argument; DATABASE_URL, exported for the server on PostgreSQL, is not the source, and
// the AUTH_SECRET it asks of a server is not needed to copy.
const config = loadConfigOrExit({ ...process.env, DATABASE_URL: undefined });
process.exitCode = await runMove({
  targetUrl: process.argv[2],
  dataDir: config.dataDir,
  s3: config.s3,
  keys: { hasAuthSecretVariable: config.authSecret !== undefined, hasVapidVariables: config.vapid !== undefined },
  write: (line) => process.stdout.write(`${line}\n`),
});
