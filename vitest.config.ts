import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const webTests = {
  include: ['apps/web/src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test-support/setup.ts'],
  // A guard against a hang on a loaded machine, not a measure of speed.
  testTimeout: 20_000,
};

/**
 * The web suites that replace a module, or that say they need modules of their own (styles a first render
 * inserts, code a first message loads): each gets its own, where the others share their worker's.
 */
const webSuitesThatMockModules = fs
  .globSync('apps/web/src/**/*.test.{ts,tsx}', { cwd: import.meta.dirname })
  .filter((file) =>
    /\bvi\.(mock|doMock)\(|Needs modules of its own/.test(
      fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'),
    ),
  );

const intTests = {
  include: ['apps/server/**/*.int.test.ts'],
  environment: 'node',
  // PGlite holds one connection and takes seconds to initialise; PostgreSQL runs need time too.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['apps/server/test/global-setup.ts'],
};

/**
 * Suites that measure their whole process (CPU, wake-ups, statements sent): in a shared worker, what an
 * earlier suite left running would count against the server they watch.
 */
const suitesThatMeasureTheProcess = ['apps/server/src/server-idle.int.test.ts'];

// Test kinds by suffix (conventions.md): *.test.ts(x) are unit tests beside the code, *.int.test.ts run the
// server against a real database. End-to-end specs live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; integration suites spend much of their time waiting
    // on PostgreSQL, so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          // Tests of the repository's own checks: some lint probe files they write into the tree for a moment,
          // others read the whole tree, so they run one file at a time.
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
        },
      },
      {
        test: {
          ...webTests,
          name: 'web',
          exclude: webSuitesThatMockModules,
          // Suites share their worker's modules (decision 141); stubs and spies end with each test.
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      {
        test: { ...webTests, name: 'web-mocks', include: webSuitesThatMockModules },
      },
      {
        test: {
          ...intTests,
          name: 'int',
          exclude: [...suitesThatMeasureTheProcess, '**/node_modules/**'],
          // Suites share a worker's modules: importing the server and PGlite's WebAssembly again for each
          // file was over 40% of this project's time. Each suite opens its own database and app, and none
          // mocks a module (decision 141).
          isolate: false,
        },
      },
      {
        test: { ...intTests, name: 'int-alone', include: suitesThatMeasureTheProcess },
      },
    ],
  },
});
