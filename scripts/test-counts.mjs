// How `npm test` counts what ran (scripts/test.mjs). A test that failed and then passed on its retry is
// flaky: counted apart from passed, so a run with flaky tests never reads as clean. A test that fails on
// its retry too is failed (and fails the run).
import fs from 'node:fs';
import path from 'node:path';

/** @typedef {{ passed: number; flaky: number; failed: number; skipped: number }} Counts */

/** @returns {Counts} */
export function noCounts() {
  return { passed: 0, flaky: 0, failed: 0, skipped: 0 };
}

/**
 * The counts of a Playwright JSON report: its stats already tell "expected" (passed first time) from
 * "flaky" (failed, then passed on a retry) and "unexpected" (failed on every try).
 * @param {{ stats: { expected: number; flaky: number; unexpected: number; skipped: number } }} report
 * @returns {Counts}
 */
export function playwrightCounts({ stats }) {
  return { passed: stats.expected, flaky: stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/**
 * @param {Counts[]} parts
 * @returns {Counts}
 */
export function addCounts(parts) {
  const total = noCounts();
  for (const part of parts)
    for (const key of /** @type {const} */ (['passed', 'flaky', 'failed', 'skipped'])) total[key] += part[key];
  return total;
}

/**
 * @param {Counts} counts
 * @returns {string}
 */
export function countsLine(counts) {
  return `tests: ${counts.passed} passed, ${counts.flaky} flaky, ${counts.failed} failed, ${counts.skipped} skipped`;
}

const INTEGRATION_TEST = /\.int\.test\.ts$/;
/** What a suite calls to run on PostgreSQL too (apps/server/test/databases.ts, global-setup.ts). */
const POSTGRES_RUN = /\bdatabaseKinds\(|\bcreateFreshPostgresDatabase\(|inject\('postgresUrl'\)/;

/**
 * The integration test files with a PostgreSQL run, relative to `root`: without TEST_DATABASE_URL those
 * runs do not happen, and the summary names them instead of leaving them out silently.
 * @param {string} root the repository
 * @returns {string[]}
 */
export function postgresSuiteFiles(root) {
  const dir = path.join(root, 'apps/server');
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => INTEGRATION_TEST.test(file) && !file.split(path.sep).includes('node_modules'))
    .filter((file) => POSTGRES_RUN.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => path.join('apps/server', file))
    .sort();
}

/**
 * The lines after the counts that say what did not run for want of PostgreSQL; none when it is set.
 * @param {{ hasPostgres: boolean; postgresFiles: string[] }} run
 * @returns {string[]}
 */
export function skippedForPostgresLines({ hasPostgres, postgresFiles }) {
  if (hasPostgres) return [];
  return [
    `skipped: the PostgreSQL runs of ${postgresFiles.length} files (set TEST_DATABASE_URL): ${postgresFiles
      .map((file) => path.basename(file, '.int.test.ts'))
      .join(', ')}`,
    'skipped: three instances behind HAProxy (set TEST_DATABASE_URL)',
  ];
}
