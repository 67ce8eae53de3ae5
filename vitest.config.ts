import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './apps/web/react-on-preact';

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
        // Browser builds of the libraries, as the app's bundle has: their Node builds are CommonJS, whose
        // require('react') would reach React itself past the aliases.
        resolve: {
          conditions: ['browser', 'module', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          alias: [
            ...reactOnPreact,
            // One copy of Preact: its package answers `browser` and `import` with different files.
            {
              find: /^preact$/,
              replacement: fileURLToPath(new URL('./node_modules/preact/dist/preact.mjs', import.meta.url)),
            },
            {
              find: /^preact\/hooks$/,
              replacement: fileURLToPath(new URL('./node_modules/preact/hooks/dist/hooks.mjs', import.meta.url)),
            },
            {
              find: /^preact\/compat$/,
              replacement: fileURLToPath(new URL('./node_modules/preact/compat/dist/compat.mjs', import.meta.url)),
            },
            // Its CommonJS build would require the real react-dom, past the aliases.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
          // Libraries that import React go through the aliases too, so they meet Preact as the app does.
          server: { deps: { inline: true } },
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
