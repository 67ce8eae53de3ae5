// `npm run lint`, after Biome: builds the API's OpenAPI document from the contracts (no database, no server)
// and lints it with Redocly's recommended rules (redocly.yaml), offline: no telemetry, no update check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lint-'));
const file = path.join(dir, 'openapi.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
try {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const build = spawnSync(tsx, [path.join(root, 'scripts/api-document.ts'), file], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Redocly's own entry on this Node (its bin asks for whichever `node` comes first on the PATH).
  const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const config = path.join(root, 'redocly.yaml');
  const args = [cli, 'lint', file, '--config', config, '--format', 'json', '--max-problems', '10000'];
  const lint = spawnSync(process.execPath, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(lint.stdout);
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.log(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`openapi: Redocly ${report.version}, ${errors} errors, ${warnings} warnings`);
  // Redocly passes a document with warnings: the API is held to none.
  if (errors > 0 || warnings > 0) process.exit(1);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
