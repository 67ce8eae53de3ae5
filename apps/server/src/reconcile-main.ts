// `npm run reconcile`: exit 0 when the books balance ("ok"), 1 when they do not (each discrepancy printed),
// 2 when the check could not run (reconcile-command.ts). Needs DATABASE_URL or DATA_DIR only.
import { runReconcile } from './reconcile-command';

process.exitCode = await runReconcile(process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
