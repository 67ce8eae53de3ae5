// `npm test`: every check, in the order a failure is cheapest to find. Stops at the first failing step
// and ends with one line that counts the tests, "tests: N passed, N flaky, N failed, N skipped" (flaky:
// passed only on a retry; test-counts.mjs), then names what was skipped for want of PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installPackages, missingPackages } from './system-packages.mjs';
import {
  addCounts,
  countsLine,
  playwrightCounts,
  postgresSuiteFiles,
  skippedForPostgresLines,
} from './test-counts.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-test-'));
const vitestCountsFile = path.join(reportDir, 'vitest-counts.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  [
    process.env.TEST_DATABASE_URL
      ? 'unit and integration tests (PGlite and PostgreSQL)'
      : 'unit and integration tests (PGlite)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-counts-reporter.mjs'],
    { VITEST_COUNTS_FILE: vitestCountsFile },
  ],
  ['build', 'npm', ['run', '--silent', 'build']],
  [
    process.env.TEST_DATABASE_URL
      ? "the operator's guides followed as written (docs drill)"
      : "the operator's guides followed as written (skipped: needs TEST_DATABASE_URL)",
    'node',
    ['scripts/docs-drill.mjs'],
  ],
  [
    process.env.TEST_DATABASE_URL
      ? 'three instances behind HAProxy, one killed under load'
      : 'three instances behind HAProxy (skipped: needs TEST_DATABASE_URL)',
    'node',
    ['scripts/instances/kill-test.mjs'],
  ],
  [
    'end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  ],
];

const packages = { chromium: chromePath, haproxy: '/usr/sbin/haproxy' };
const refused = installPackages(missingPackages(packages));
if (refused) {
  console.error(refused);
  process.exit(1);
}

let failedStep;
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROME_PATH: chromePath },
  });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const parts = [];
if (fs.existsSync(vitestCountsFile)) parts.push(JSON.parse(fs.readFileSync(vitestCountsFile, 'utf8')));
if (fs.existsSync(playwrightReport))
  parts.push(playwrightCounts(JSON.parse(fs.readFileSync(playwrightReport, 'utf8'))));
fs.rmSync(reportDir, { recursive: true, force: true });

if (failedStep) console.error(`\nFailed at: ${failedStep}`);
console.log(`\n${countsLine(addCounts(parts))}`);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
for (const line of skippedForPostgresLines({ hasPostgres, postgresFiles: postgresSuiteFiles(repoRoot) }))
  console.log(line);
process.exit(failedStep ? 1 : 0);
