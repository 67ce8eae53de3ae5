import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import webpush from 'web-push';
import { createMessaging } from '../src/adapters/messaging';
import { createCardPayments } from '../src/adapters/payments/card-payments';
import { diskStorage } from '../src/adapters/storage/disk-storage';
import type { ObjectStorage } from '../src/adapters/storage/object-storage';
import { createApp } from '../src/app';
import { startChangeFeed } from '../src/changes/change-feed';
import { createPublicCache } from '../src/changes/public-cache';
import { type Config, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { WRITE_POLICY, type WritePolicy } from '../src/http/rate-limits/write-policy';
import { createLogger } from '../src/logger';
import { createAuth, ensurePreviewAccount, type TestOAuthProvider } from '../src/modules/accounts/auth';
import type { SendLimits } from '../src/modules/accounts/send-limits';
import type { ImageJobs } from '../src/modules/media/image-jobs';

/** The origin test requests come from: the app's own, as a browser on the app would send. */
export const TEST_ORIGIN = 'http://localhost:5172';

/** The write limits raised out of reach, so every request gets to the route it aims at (fuzzing, load). */
export const UNLIMITED_WRITES = Object.fromEntries(
  Object.entries(WRITE_POLICY).map(([kind, policy]) => [
    kind,
    {
      ...policy,
      perUser: { perMinute: 1_000_000, perDay: 1_000_000 },
      perAddress: { perMinute: 1_000_000, perDay: 1_000_000 },
      sitewidePerMinute: undefined,
    },
  ]),
) as WritePolicy;

/** A logger whose JSON lines are kept in memory, so a test can read what the server logged. */
export function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: '/tmp/sweetwish-unused',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    TRUST_PROXY: 'true',
    ...env,
  });
}

/** One media folder for the whole test process: keys are random, so apps never collide in it. */
let mediaRoot: string | undefined;

/** The app as the server builds it, answering in-process requests through app.request(). */
export async function buildTestApp(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    sendLimits?: SendLimits;
    writePolicy?: WritePolicy;
    storage?: ObjectStorage;
    /** Aborted to shut the app down (event streams end). */
    shutdown?: AbortSignal;
    /** Image work with limits of the test's own. */
    images?: ImageJobs;
    /** Google and Apple at a local OpenID Connect provider (test/oauth-provider.ts). */
    testOAuthProvider?: TestOAuthProvider;
    /** The VAPID key pair push is signed with (default: a new one for this app). */
    vapid?: { publicKey: string; privateKey: string };
  } = {},
) {
  const { logger, lines } = captureLogger();
  const config = testConfig(options.env);
  const messaging = createMessaging(config, database);
  const auth = createAuth({
    config,
    database,
    messaging,
    secret: config.authSecret ?? '',
    logger,
    testOAuthProvider: options.testOAuthProvider,
  });
  mediaRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-media-'));
  const storage = options.storage ?? diskStorage(mediaRoot);
  const changes = await startChangeFeed(database, logger);
  const publicCache = createPublicCache(changes);
  const vapid = options.vapid ?? webpush.generateVAPIDKeys();
  const app = createApp({
    config,
    database,
    logger,
    auth,
    storage,
    publicCache,
    changes,
    // Stripe mode when a test sets STRIPE_*; the card sandbox needs a listening server (see startServer).
    payments: config.stripe ? await createCardPayments(config) : undefined,
    sendLimits: options.sendLimits,
    writePolicy: options.writePolicy,
    shutdown: options.shutdown,
    images: options.images,
    webDistDir: options.webDistDir ?? '/nonexistent-web-dist',
    vapidPublicKey: vapid.publicKey,
  });
  return {
    app,
    auth,
    config,
    storage,
    changes,
    vapid,
    logLines: lines,
    seedPreview: () => ensurePreviewAccount(auth, config),
  };
}

/** JSON request headers from the app's own origin, with an optional session cookie and client address. */
export function jsonHeaders(extra: { cookie?: string; ip?: string } = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Origin: TEST_ORIGIN,
    ...(extra.cookie && { Cookie: extra.cookie }),
    ...(extra.ip && { 'X-Forwarded-For': extra.ip }),
  };
}
