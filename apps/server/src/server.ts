import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { createMessaging } from './adapters/messaging';
import { createCardPayments } from './adapters/payments/card-payments';
import { createPushSender } from './adapters/push/web-push-sender';
import { diskStorage } from './adapters/storage/disk-storage';
import { s3Storage } from './adapters/storage/s3-storage';
import { createApp } from './app';
import { createBackgroundWork } from './background-work';
import { startChangeFeed } from './changes/change-feed';
import { createPublicCache } from './changes/public-cache';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Logger } from './logger';
import { createAuth, ensurePreviewAccount, resolveAuthSecret, type TestOAuthProvider } from './modules/accounts/auth';
import { createVisitCounter } from './modules/insights/visit-counter';
import { createClearingWorker } from './modules/ledger/clearing';
import { isOutboxEnabled } from './modules/outbox/outbox-policy';
import { createPushDelivery } from './modules/push/service';
import { resolveVapidKeys } from './modules/push/vapid';
import { WEB_DIST_DIR } from './paths';
import { createUploadSweeper } from './use-cases/upload-sweep';

export type RunningServer = {
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
};

const SHUTDOWN_GRACE_MS = 10_000;
/** Longer than the 60 s idle timeout of common load balancers and HTTP clients. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function startServer(
  config: Config,
  logger: Logger,
  /** Tests only (the e2e suite's OAuth server): Google and Apple at a local provider (decision 016). */
  testOptions: { testOAuthProvider?: TestOAuthProvider } = {},
): Promise<RunningServer> {
  const database = await openDatabase(config);
  await database.migrate();
  const messaging = createMessaging(config, database);
  if (!isOutboxEnabled(config) && (messaging.sms.kind === 'outbox' || messaging.email.kind === 'outbox')) {
    logger.warn(
      'PUBLIC_URL is not a local address but SMS or e-mail still go to the local outbox: set TWILIO_* and SMTP_URL',
    );
  }
  const auth = createAuth({
    config,
    database,
    messaging,
    secret: resolveAuthSecret(config),
    logger,
    testOAuthProvider: testOptions.testOAuthProvider,
  });
  await ensurePreviewAccount(auth, config);
  const storage = config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'media'));
  const changes = await startChangeFeed(database, logger);
  const publicCache = createPublicCache(changes, { enabled: config.publicCache });
  const payments = await createCardPayments(config);
  if (!payments)
    logger.warn('PUBLIC_URL is not a local address and STRIPE_* is not set: token top-ups are unavailable');
  const vapid = await resolveVapidKeys(config, database.db);
  // Push endpoints on this machine or its network are reached only on a developer's machine (decision 029).
  const pushSender = createPushSender({
    vapid: { ...vapid, subject: config.vapidSubject },
    allowPrivateAddresses: config.isLocalPublicUrl,
  });
  const push = createPushDelivery({ db: database.db, sender: pushSender, logger });
  const jobs = createBackgroundWork({
    db: database.db,
    changes,
    logger,
    messaging,
    push,
    payments,
    publicOrigin: config.publicUrl.origin,
    allowLocalWebhooks: config.isLocalPublicUrl,
  });
  const clearing = createClearingWorker({
    db: database.db,
    changes,
    logger,
    clearingDays: config.clearingDays,
  });
  const uploadSweeper = createUploadSweeper({ db: database.db, storage, logger });
  const visits = createVisitCounter({ db: database.db, logger });
  visits.start();
  const shutdown = new AbortController();
  // Each open event stream listens for it: thousands at once are expected, not a leak.
  setMaxListeners(0, shutdown.signal);
  const app = createApp({
    config,
    database,
    logger,
    webDistDir: WEB_DIST_DIR,
    auth,
    storage,
    publicCache,
    changes,
    payments,
    shutdown: shutdown.signal,
    vapidPublicKey: vapid.publicKey,
    visits,
  });

  // Handlers still running (their client may have gone) must finish before the database closes.
  const inFlight = new InFlight();
  const server = serve({
    fetch: (req, env) => inFlight.track(() => app.fetch(req, env)),
    port: config.port,
    hostname: config.host,
  });
  // Idle keep-alive connections stay open longer than clients and load balancers keep theirs (60 s is
  // common). With Node's 5 s, a client reusing a connection just as the server closes it gets ECONNRESET.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ url, database: database.kind }, 'listening');
  jobs.start();
  clearing.start();
  uploadSweeper.start();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down');
      // /api/ready answers 503 from here and event streams are told to reconnect elsewhere.
      shutdown.abort();
      // No job is claimed from here; the one running finishes during the drain (awaited below).
      const jobsStopped = jobs.stop();
      // Still accepting while the balancer's checks notice: closing the listener at once would reset the
      // connections it already queued here, with requests the balancer may not resend.
      if (config.shutdownDrainSeconds > 0) {
        logger.info({ seconds: config.shutdownDrainSeconds }, 'draining: still serving until the balancer moves on');
        await sleep(config.shutdownDrainSeconds * 1000);
      }
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          logger.warn('requests still open after the grace period; closing them');
          'closeAllConnections' in server && server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        // Idle keep-alive connections would hold close() open; busy ones finish their request first.
        'closeIdleConnections' in server && server.closeIdleConnections();
      });
      await inFlight.settled(SHUTDOWN_GRACE_MS);
      await jobsStopped;
      await clearing.stop();
      await visits.stop();
      await uploadSweeper.stop();
      await payments?.sandbox?.close();
      await messaging.close();
      await database.close();
      logger.info('stopped');
    })();
    return stopping;
  };
  return { url, stop };
}

/** Counts requests whose handler has not finished yet. */
class InFlight {
  private count = 0;
  private onIdle: (() => void) | undefined;

  async track<T>(handle: () => T | Promise<T>): Promise<T> {
    this.count++;
    try {
      return await handle();
    } finally {
      this.count--;
      if (this.count === 0) this.onIdle?.();
    }
  }

  /** Resolves when no handler is running, or after `timeoutMs` at most. */
  settled(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.onIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
