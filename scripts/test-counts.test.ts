import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addCounts,
  countsLine,
  playwrightCounts,
  postgresSuiteFiles,
  skippedForPostgresLines,
} from './test-counts.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('the closing line of npm test', () => {
  it('counts a vitest test that passed only on its retry as flaky, and one that failed on it too as failed', () => {
    const countsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'test-counts-')), 'counts.json');
    const run = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--root',
        'scripts/test-counts-fixture',
        '--reporter=dot',
        `--reporter=${path.join(root, 'scripts/vitest-counts-reporter.mjs')}`,
      ],
      { cwd: root, env: { ...process.env, VITEST_COUNTS_FILE: countsFile }, encoding: 'utf8' },
    );
    expect(run.status, 'a test that fails on its retry fails the run').toBe(1);
    expect(JSON.parse(fs.readFileSync(countsFile, 'utf8'))).toEqual({ passed: 1, flaky: 1, failed: 1, skipped: 1 });
    // A vitest run of its own: slow to start on a busy machine.
  }, 60_000);

  it("reads Playwright's flaky tests apart from those that passed the first time", () => {
    const report = { stats: { expected: 7, flaky: 2, unexpected: 1, skipped: 3 } };
    expect(playwrightCounts(report)).toEqual({ passed: 7, flaky: 2, failed: 1, skipped: 3 });
  });

  it('adds the parts into one line', () => {
    const total = addCounts([
      { passed: 10, flaky: 1, failed: 0, skipped: 2 },
      { passed: 5, flaky: 2, failed: 1, skipped: 0 },
    ]);
    expect(countsLine(total)).toBe('tests: 15 passed, 3 flaky, 1 failed, 2 skipped');
  });
});

describe('the PostgreSQL runs left out without TEST_DATABASE_URL', () => {
  it('are found in the integration suites that run on PostgreSQL too, and only there', () => {
    const files = postgresSuiteFiles(root);
    expect(files).toContain('apps/server/src/modules/ledger/ledger.int.test.ts');
    expect(files).toContain('apps/server/src/modules/db-move/db-move.int.test.ts');
    for (const file of files) expect(file).toMatch(/\.int\.test\.ts$/);
    // A suite on PGlite alone is not named.
    const pgliteOnly = fs
      .readdirSync(path.join(root, 'apps/server/src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.int.test.ts'))
      .map((file) => path.join('apps/server/src', file))
      .filter((file) => !files.includes(file));
    for (const file of pgliteOnly)
      expect(fs.readFileSync(path.join(root, file), 'utf8')).not.toMatch(/databaseKinds\(/);
  });

  it('are named with their count when PostgreSQL is not set, and nothing is said when it is', () => {
    const postgresFiles = ['apps/server/src/a/ledger.int.test.ts', 'apps/server/src/b/chat.int.test.ts'];
    expect(skippedForPostgresLines({ hasPostgres: false, postgresFiles })[0]).toBe(
      'skipped: the PostgreSQL runs of 2 files (set TEST_DATABASE_URL): ledger, chat',
    );
    expect(skippedForPostgresLines({ hasPostgres: true, postgresFiles })).toEqual([]);
  });
});
