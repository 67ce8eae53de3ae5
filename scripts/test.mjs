// `npm test`: every check, in the order a failure is cheapest to find. Stops at the first failing step
// and ends with one line that counts the tests: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-test-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  [
    process.env.TEST_DATABASE_URL
      ? 'unit and integration tests (PGlite and PostgreSQL)'
      : 'unit and integration tests (PGlite)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'npm', ['run', '--silent', 'build']],
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

if (!fs.existsSync(chromePath)) {
  console.error(
    `Chromium was not found at ${chromePath}. Install it (sudo apt-get install -y chromium) or set CHROME_PATH.`,
  );
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

const counts = { passed: 0, failed: 0, skipped: 0 };
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}
if (fs.existsSync(playwrightReport)) {
  const { stats } = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}
fs.rmSync(reportDir, { recursive: true, force: true });

if (failedStep) console.error(`\nFailed at: ${failedStep}`);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
