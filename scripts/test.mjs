// `npm test`: every check, in three stages whose steps run side by side: the quick ones (lint, typecheck,
// build); the suites that need the build (unit and integration tests; end-to-end tests); then the
// operator's guides and the instances behind HAProxy, alone. A failing stage stops the run once all its steps have
// ended. Each line a step prints carries its name; the run ends with each step's time and one line that
// counts the tests, "tests: N passed, N flaky, N failed, N skipped" (flaky: passed only on a retry;
// test-counts.mjs), then what was skipped for want of PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
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
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** One command of the run: `label` prefixes its lines; `commands` run one after the other. */
const step = (label, name, commands) => ({ label, name, commands });

const stages = [
  [
    step('lint', 'lint', [['npm', ['run', '--silent', 'lint']]]),
    step('types', 'typecheck', [['npm', ['run', '--silent', 'typecheck']]]),
    step('build', 'build', [['npm', ['run', '--silent', 'build']]]),
  ],
  [
    step(
      'vitest',
      hasPostgres ? 'unit and integration tests (PGlite and PostgreSQL)' : 'unit and integration tests (PGlite)',
      [
        [
          'npx',
          ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-counts-reporter.mjs'],
          { VITEST_COUNTS_FILE: vitestCountsFile },
        ],
      ],
    ),
    step('e2e', 'end-to-end tests (Chromium)', [
      [
        'npx',
        ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      ],
    ]),
  ],
  // Alone: the kill test counts client errors while an instance restarts, which a loaded machine would
  // turn into timeouts that are not the balancer's.
  [
    step(
      'ops',
      hasPostgres
        ? "the operator's guides followed as written, and three instances behind HAProxy, one killed under load"
        : "the operator's guides and the instances behind HAProxy (skipped: need TEST_DATABASE_URL)",
      [
        ['node', ['scripts/docs-drill.mjs']],
        ['node', ['scripts/instances/kill-test.mjs']],
      ],
    ),
  ],
];

/** Runs one command, its output's lines prefixed with the step's label; resolves with its exit status. */
function runCommand(label, [command, args, env = {}]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROME_PATH: chromePath, FORCE_COLOR: '1' },
    });
    const prefix = `[${label}] `;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
    }
    child.on('error', (err) => {
      console.log(`${prefix}could not start ${command}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runStep({ label, name, commands }) {
  console.log(`=== ${name}`);
  const started = Date.now();
  let status = 0;
  for (const command of commands) {
    status = await runCommand(label, command);
    if (status !== 0) break;
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  return { name, isOk: status === 0, seconds };
}

const refused = installPackages(missingPackages({ chromium: chromePath, haproxy: '/usr/sbin/haproxy' }));
if (refused) {
  console.error(refused);
  process.exit(1);
}

const runStarted = Date.now();
const results = [];
for (const stage of stages) {
  results.push(...(await Promise.all(stage.map(runStep))));
  if (results.some((result) => !result.isOk)) break;
}

const parts = [];
if (fs.existsSync(vitestCountsFile)) parts.push(JSON.parse(fs.readFileSync(vitestCountsFile, 'utf8')));
if (fs.existsSync(playwrightReport))
  parts.push(playwrightCounts(JSON.parse(fs.readFileSync(playwrightReport, 'utf8'))));
fs.rmSync(reportDir, { recursive: true, force: true });

console.log('\nSteps (each stage runs its steps side by side):');
for (const { name, isOk, seconds } of results) {
  console.log(`  ${isOk ? 'ok    ' : 'FAILED'} ${seconds.toFixed(1).padStart(7)} s  ${name}`);
}
console.log(`  total  ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s`);
const failed = results.filter((result) => !result.isOk).map((result) => result.name);
if (failed.length > 0) console.error(`\nFailed: ${failed.join('; ')}`);
console.log(`\n${countsLine(addCounts(parts))}`);
for (const line of skippedForPostgresLines({ hasPostgres, postgresFiles: postgresSuiteFiles(repoRoot) }))
  console.log(line);
process.exit(failed.length > 0 ? 1 : 0);
