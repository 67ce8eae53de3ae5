import { defineConfig } from 'vitest/config';

// Test kinds by suffix (conventions.md): *.test.ts(x) are unit tests beside the code, *.int.test.ts run the
// server against a real database. End-to-end specs live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-support/setup.ts'],
          // A guard against a hang on a loaded machine, not a measure of speed.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/**/*.int.test.ts'],
          environment: 'node',
          // PGlite holds one connection and takes seconds to initialise; PostgreSQL runs need time too.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
