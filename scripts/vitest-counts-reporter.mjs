// A vitest reporter for `npm test` (scripts/test.mjs): writes the run's counts to the file named by
// VITEST_COUNTS_FILE. Vitest's JSON report counts a test that passed on a retry as passed; this one
// asks each test's diagnostic whether it was flaky.
import fs from 'node:fs';

/** @typedef {import('./test-counts.mjs').Counts} Counts */

/**
 * The counts of finished test cases: passed, flaky (passed after a failed try), failed, skipped.
 * @param {Iterable<{ result(): { state: string }; diagnostic(): { flaky: boolean } | undefined }>} testCases
 * @returns {Counts}
 */
export function vitestCounts(testCases) {
  const counts = { passed: 0, flaky: 0, failed: 0, skipped: 0 };
  for (const testCase of testCases) {
    const { state } = testCase.result();
    if (state === 'passed' && testCase.diagnostic()?.flaky) counts.flaky++;
    else if (state === 'passed') counts.passed++;
    else if (state === 'failed') counts.failed++;
    else counts.skipped++;
  }
  return counts;
}

export default class CountsReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const file = process.env.VITEST_COUNTS_FILE;
    if (!file) return;
    const counts = vitestCounts(testModules.flatMap((testModule) => [...testModule.children.allTests()]));
    fs.writeFileSync(file, JSON.stringify(counts));
  }
}
