import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { createE2eDatabase } from './support/postgres-databases';

// The suite starts the built server itself, on a free port with a new data directory. Workers load this
// file again, so the choice is made once and handed down through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-e2e-'));
// A second server with Google and Apple at a local OpenID Connect provider (support/oauth-server.ts).
process.env.E2E_OAUTH_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
// The fixture store that wish-import.spec.ts starts on 127.0.0.1: the server may read links there alone.
process.env.E2E_STORE_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.E2E_OAUTH_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-e2e-oauth-'));
// With PostgreSQL at hand (as in CI) both servers run on it, as in production: the embedded database answers
// one statement at a time in the server's own process (decision 141). Without it they run on the embedded
// default. global-teardown.ts drops the databases.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  process.env.E2E_DATABASE_URL ??= createE2eDatabase(testDatabaseUrl);
  process.env.E2E_OAUTH_DATABASE_URL ??= createE2eDatabase(testDatabaseUrl);
}
/** What a server needs to run on its PostgreSQL database, when it has one. */
function postgresEnv(databaseUrl: string | undefined): Record<string, string> {
  return databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: 'e2e-auth-secret-of-at-least-32-characters' } : {};
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const oauthPort = Number(process.env.E2E_OAUTH_PORT);
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // A guard against a hang, not a measure of speed (that is `npm run bench`'s). The workers share one server
  // on two cores beside the vitest stage: a test that takes 5 s alone took over 30 s (Playwright's default) in
  // full runs, and failed only on its first try.
  timeout: 60_000,
  // Sign-in waits 1-2 s on purpose (product.md section 9) before it moves on; leave room on a loaded machine.
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    // Recorded on a failed test's retry only (CI retries once; locally, `--trace on`): recording every test
    // doubled the suite's CPU, 72 core-seconds against 36 for the same nine tests (decision 141).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'node --enable-source-maps apps/server/dist/main.js',
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        ...postgresEnv(process.env.E2E_DATABASE_URL),
        LOG_LEVEL: 'warn',
        // One proxy in front: each test's X-Forwarded-For (support/test.ts) is the entry that proxy would append.
        TRUST_PROXY: 'true',
        PREVIEW_EMAIL: 'preview@sweetwish.app',
        PREVIEW_PASSWORD: 'preview-password-123',
        // A store review under way: the preview account signs in without a code (decision 057).
        STORE_REVIEW: 'on',
        // A message notification waits this long for the recipient to read it on screen (20 s by default):
        // short here, so the conversations spec sees the text arrive (or not) quickly.
        MESSAGE_NOTIFICATION_DELAY_SECONDS: '1',
        // The moderator of safety.spec.ts, by verified e-mail address (a handle is refused: decision 028).
        MODERATORS: 'e2e-moderator@example.com',
        // Tests only (decision 110): store links may reach the fixture store on this port of 127.0.0.1.
        STORE_IMPORT_TEST_PORT: process.env.E2E_STORE_PORT,
      },
    },
    {
      command: 'node --import tsx e2e/support/oauth-server.ts',
      cwd: repoRoot,
      url: `http://localhost:${oauthPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(oauthPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_OAUTH_DATA_DIR,
        ...postgresEnv(process.env.E2E_OAUTH_DATABASE_URL),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        // Any values: the local provider accepts every client.
        GOOGLE_CLIENT_ID: 'e2e-google-client',
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        // Earnings clear at once on this second server, so payouts.spec.ts can withdraw what a tip earned; the
        // first keeps the default 7 days (clearing-and-refunds.spec.ts).
        CLEARING_DAYS: '0',
        APPLE_CLIENT_ID: 'app.sweetwish.e2e',
        APPLE_CLIENT_SECRET: 'e2e-apple-secret',
      },
    },
  ],
});
