import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { type CardPayments, CONNECT_WEBHOOK_PATH, WEBHOOK_PATH } from './adapters/payments/card-payments';
import type { ObjectStorage } from './adapters/storage/object-storage';
import { apiDocument } from './api-document';
import type { ChangeFeed } from './changes/change-feed';
import type { PublicCache } from './changes/public-cache';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { apiDocsRoutes } from './http/api-docs';
import { limitBody } from './http/body-limit';
import type { AppEnv } from './http/context';
import { errorBody, handleError, handleNotFound } from './http/error-handler';
import { localOnly } from './http/local-request';
import type { WritePolicy } from './http/rate-limits/write-policy';
import { rejectNulInAddress, rejectNulInBody } from './http/reject-nul';
import { requestLog } from './http/request-log';
import { sameOrigin } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { enableSessionCache, sessionKeyOf, viewerId } from './http/session';
import { validationHook } from './http/validation-hook';
import { webApp } from './http/web-app';
import { writeLimits } from './http/write-limits';
import { devJobRoutes } from './jobs/dev-routes';
import type { Logger } from './logger';
import { httpMetrics } from './metrics/http-metrics';
import { metricsRoutes } from './metrics/routes';
import type { Auth } from './modules/accounts/auth';
import { APPLE_CALLBACK_PATH, authRoutes } from './modules/accounts/auth-routes';
import { previewAccountLimits } from './modules/accounts/preview-account';
import { accountRoutes } from './modules/accounts/routes';
import type { SendLimits } from './modules/accounts/send-limits';
import { forgetGiftRecipient } from './modules/accounts/service';
import { termsRoutes } from './modules/accounts/terms-routes';
import { activityRoutes } from './modules/activity/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { CONVERSATION_IMAGE_PATH, conversationRoutes } from './modules/conversations/routes';
import {
  announceConversationsOf,
  getMessageSnapshot,
  getOtherParticipant,
  hideMessage,
} from './modules/conversations/service';
import { devSignInRoutes } from './modules/dev-sign-in/routes';
import { fanRoutes } from './modules/fans/routes';
import { giftMessageRoutes } from './modules/gifts/message-routes';
import { giftRoutes } from './modules/gifts/routes';
import { groupGiftRoutes } from './modules/group-gifts/routes';
import { onWishUpdate } from './modules/group-gifts/service';
import { healthRoutes } from './modules/health/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { affiliateRoutes } from './modules/insights/affiliate-routes';
import { insightRoutes } from './modules/insights/routes';
import type { VisitCounter } from './modules/insights/visit-counter';
import { liveRoutes } from './modules/live/routes';
import { createImageJobs, type ImageJobs } from './modules/media/image-jobs';
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_UPLOAD_BODY_BYTES, mediaFileRoutes, mediaRoutes } from './modules/media/routes';
import { isOutboxEnabled } from './modules/outbox/outbox-policy';
import { outboxRoutes } from './modules/outbox/routes';
import { overlayRoutes } from './modules/overlay/routes';
import { recordOverlayShown } from './modules/overlay/shown';
import { overlayStreamRoutes } from './modules/overlay/stream-routes';
import { payoutRoutes } from './modules/payouts/routes';
import { profileRoutes } from './modules/profiles/routes';
import { pushRoutes } from './modules/push/routes';
import { safetyRoutes } from './modules/safety/routes';
import { settingsRoutes } from './modules/settings/routes';
import { landingPageData, pageMeta, profilePageData } from './modules/sharing/page-meta';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { walletRoutes } from './modules/wallet/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { storeFetchPolicy } from './modules/wish-import/fetch-policy';
import { wishImportRoutes } from './modules/wish-import/routes';
import { wishRoutes } from './modules/wishes/routes';
import { deleteAccount } from './use-cases/delete-account';
import { signInPageData } from './use-cases/sign-in-page';
import { updateSettingsAndAnnounce } from './use-cases/update-settings';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  webDistDir: string;
  auth: Auth;
  storage: ObjectStorage;
  publicCache: PublicCache;
  changes: ChangeFeed;
  /** Aborted when the server begins to shut down: long-lived answers (event streams) end then. */
  shutdown?: AbortSignal;
  /** Undefined on a public host without Stripe settings: top-ups then fail with product.md's message. */
  payments: CardPayments | undefined;
  sendLimits?: SendLimits;
  /** How many writes of each kind a user and an address may make (default: WRITE_POLICY). */
  writePolicy?: WritePolicy;
  /** Image work in child processes; by default as many at once as the config says. */
  images?: ImageJobs;
  /** The VAPID public key browsers subscribe to push with (modules/push/vapid.ts). */
  vapidPublicKey: string;
  /** Counts page visits for the creators' insights (none in tests that do not ask). */
  visits?: VisitCounter;
};

const MAX_JSON_BODY_BYTES = 64 * 1024;

/** The whole HTTP surface: the JSON API under /api and the web app everywhere else. */
export function createApp(deps: AppDeps) {
  const { config, database, logger, webDistDir, auth, storage, publicCache, changes, payments, sendLimits } = deps;
  const { writePolicy } = deps;
  const shutdown = deps.shutdown ?? new AbortController().signal;
  const images =
    deps.images ?? createImageJobs({ concurrency: config.imageJobs, queueLength: config.imageJobs, logger });
  const hasOutbox = isOutboxEnabled(config);
  enableSessionCache(auth, changes);
  changes.subscribe((change) => {
    if (change.topic === 'account-deleted' || change.topic === 'account-suspended') forgetGiftRecipient(change.userId);
    else if (change.topic === 'resync') forgetGiftRecipient();
  });
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api');
  const jsonBodyLimit = limitBody({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large'), 413),
  });
  const imageBodyLimit = limitBody({
    maxSize: MAX_IMAGE_UPLOAD_BODY_BYTES,
    onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'Error uploading file'), 413),
  });
  // Image uploads (and image messages) are the only bodies allowed past the JSON limit.
  const isImageUpload = (path: string) => path === `/api${IMAGE_UPLOAD_PATH}` || CONVERSATION_IMAGE_PATH.test(path);
  // A GET or HEAD has no body to limit; asking for one would build a full Request from Node's.
  api.use((c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.method === 'POST' && isImageUpload(c.req.path) ? imageBodyLimit(c, next) : jsonBodyLimit(c, next);
  });
  api.use(
    sameOrigin(config.publicUrl.origin, { exemptPaths: [WEBHOOK_PATH, CONNECT_WEBHOOK_PATH, APPLE_CALLBACK_PATH] }),
  );
  // better-auth reads the request itself: its routes' bodies are checked on a copy.
  api.use(rejectNulInBody({ exemptPaths: [WEBHOOK_PATH, CONNECT_WEBHOOK_PATH], readsRawBody: '/api/auth/' }));
  api.use(writeLimits({ db: database.db, auth, trustProxy: config.trustProxy, policy: writePolicy }));
  api.use(previewAccountLimits({ db: database.db, auth, previewEmail: config.preview?.email }));
  api.route('/', healthRoutes(database, shutdown));
  api.route('/', clientErrorRoutes());
  api.route('/', authRoutes({ config, database, auth, sendLimits }));
  const hasCardSandbox = payments?.sandbox !== undefined;
  api.route('/', accountRoutes({ config, database, auth, hasOutbox, hasCardSandbox }));
  api.route(
    '/',
    termsRoutes({ publicOrigin: config.publicUrl.origin, isSecure: config.publicUrl.protocol === 'https:' }),
  );
  api.route('/', profileRoutes({ database, auth, publicCache }));
  api.route('/', wishRoutes({ database, auth, publicCache, beforeWishUpdate: onWishUpdate }));
  api.route('/', walletRoutes({ database, auth, clearingDays: config.clearingDays }));
  api.route('/', giftRoutes({ database, auth, publicCache }));
  api.route('/', groupGiftRoutes({ database, auth, publicCache }));
  api.route('/', activityRoutes({ database, auth }));
  api.route(
    '/',
    conversationRoutes({
      database,
      auth,
      storage,
      images,
      notificationDelaySeconds: config.messageNotificationDelaySeconds,
    }),
  );
  api.route('/', fanRoutes({ database, auth }));
  api.route('/', inboxRoutes({ database, auth }));
  api.route('/', affiliateRoutes({ database, auth }));
  api.route('/', insightRoutes({ database, auth, clearingDays: config.clearingDays }));
  api.route('/', subscriptionRoutes({ database, auth }));
  const moderators = { ...config.moderators, neverEmail: config.preview?.email };
  api.route(
    '/',
    safetyRoutes({
      database,
      auth,
      publicCache,
      moderators,
      conversations: { getMessageSnapshot, hideMessage, getOtherParticipant, announceConversationsOf },
    }),
  );
  api.route(
    '/',
    settingsRoutes({
      database,
      auth,
      deleteAccount: (userId, options) =>
        deleteAccount(
          { db: database.db, storage, logger, clearingDays: config.clearingDays, payments },
          userId,
          options,
        ),
      updateSettings: (userId, input) => updateSettingsAndAnnounce(database.db, userId, input),
    }),
  );
  api.route('/', checkoutRoutes({ database, auth, payments, publicOrigin: config.publicUrl.origin, logger }));
  api.route('/', payoutRoutes({ db: database.db, auth, payments, logger, publicOrigin: config.publicUrl.origin }));
  api.route('/', liveRoutes({ auth, changes, shutdown }));
  api.route('/', overlayRoutes({ database, auth }));
  api.route('/', giftMessageRoutes({ database, auth, recordOverlayShown }));
  api.route('/', overlayStreamRoutes({ db: database.db, changes, logger, shutdown }));
  api.route('/', pushRoutes({ database, auth, publicKey: deps.vapidPublicKey, isLocal: config.isLocalPublicUrl }));
  api.route('/', mediaRoutes({ auth, db: database.db, storage, images }));
  const media = { db: database.db, storage, images };
  api.route('/', wishImportRoutes({ auth, media, logger, policy: storeFetchPolicy(config) }));
  api.route('/', webhookRoutes({ database, auth, isLocalPublicUrl: config.isLocalPublicUrl }));
  if (hasOutbox) {
    api.route('/', outboxRoutes(database));
    // Signs a user in without the SMS screens, for the end-to-end tests: behind the outbox's own guard.
    api.route('/', devSignInRoutes(auth));
    // How much background work is still queued, so those tests wait for it instead of sleeping.
    api.route('/', devJobRoutes(database.db));
  }
  // The document comes from the contracts alone (api-document.ts), the same with or without the outbox.
  api.get('/openapi.json', (c) => c.json(apiDocument()));
  api.route('/', apiDocsRoutes());

  const app = new Hono<AppEnv>();
  app.use(httpMetrics());
  app.use(requestLog(logger));
  app.use(securityHeaders({ hsts: config.isPublicHttps }));
  app.onError(handleError);
  app.use(rejectNulInAddress());
  // Before the web app, so a missing file is a 404 rather than the page.
  app.route('/', mediaFileRoutes(storage));
  app.route('/', api);
  app.all('/api/*', handleNotFound);
  app.route('/', metricsRoutes({ database, token: config.metricsToken }));
  // The local card sandbox's API (/v1) and pages (/sandbox), when it stands in for Stripe: anyone could
  // pay with its test card, so only requests made on this machine reach it.
  if (payments?.sandbox) {
    for (const paths of ['/v1/*', '/sandbox', '/sandbox/*']) app.use(paths, localOnly());
    app.route('/', payments.sandbox.app);
  }
  app.route(
    '/',
    webApp(webDistDir, {
      publicOrigin: config.publicUrl.origin,
      pageMeta: (path) => pageMeta(database.db, path),
      pageData: async (screen, c) => {
        if (screen === 'landing') return landingPageData(c);
        if (screen === 'signIn')
          return signInPageData({ db: database.db, config, features: { hasOutbox, hasCardSandbox } }, c);
        return profilePageData(database.db, publicCache, c.req.path);
      },
      logger,
      countVisit: (path, headers) =>
        deps.visits?.count(path, headers, sessionKeyOf(headers) ? () => viewerId(auth, headers) : undefined),
    }),
  );
  return app;
}
