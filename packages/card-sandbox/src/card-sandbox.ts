import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { unknownRoute } from './api-handler';
import { registerBalanceApi } from './balance-api';
import { registerCheckoutApi } from './checkout-api';
import { registerConnectApi } from './connect-api';
import { registerControlRoutes } from './control-routes';
import { registerEventsApi } from './events-api';
import { noticePage } from './hosted-html';
import { registerHostedPages } from './hosted-pages';
import { registerPayoutControls } from './payout-controls';
import { registerRefundsApi } from './refunds-api';
import { SandboxCore } from './sandbox-core';
import { registerTransfersApi } from './transfers-api';
import { DEFAULT_RETRY_DELAYS_MS } from './webhook-delivery';

export type CardSandboxOptions = {
  /** The API key the SDK must send (`Authorization: Bearer ...`); any other gets Stripe's 401. */
  secretKey: string;
  /** `whsec_...`: every delivery is signed with it as Stripe signs (`Stripe-Signature: t=...,v1=...`). */
  webhookSecret: string;
  /** Where every event of the platform's own account is POSTed, as a JSON body. */
  webhookUrl: string;
  /**
   * Where Connect events (on connected accounts: `account.updated`, `payout.*`) are POSTed, signed with
   * `connectWebhookSecret`, as Stripe sends them to a Connect endpoint. Unset: they are only recorded.
   */
  connectWebhookUrl?: string;
  connectWebhookSecret?: string;
  /** Seconds a card payment's funds stay pending in the platform balance; 0 (default): available at once. */
  fundsAvailableAfterSeconds?: number;
  /** The origin the browser uses (e.g. http://localhost:5172), for the hosted pages' URLs. */
  publicOrigin: string;
  /** Keep the state in this JSON file (written to a temporary file, then renamed); memory only when absent. */
  stateFile?: string;
  /** Waits before each retry after a failed attempt (non-2xx answer or network error). */
  retryDelaysMs?: number[];
  /** For webhook delivery; the global fetch by default. */
  fetch?: typeof fetch;
  now?: () => Date;
};

export type CardSandbox = {
  /** Serves `/v1/*` (Stripe's API, the part Sweetwish uses) and `/sandbox/*` (hosted pages and test controls). */
  app: Hono;
  /** Stops timers and waits for a delivery under way; pending deliveries stay in the state file. */
  close(): Promise<void>;
};

/** Request bodies are small forms; anything much larger is a mistake. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The local card sandbox (architecture.md section 4): a Stripe-compatible subset of the API for the
 * official `stripe` SDK pointed at it, a hosted checkout page with test cards, a Connect onboarding
 * page, and webhooks signed with Stripe's scheme. Test mode only: no money moves.
 */
export function createCardSandbox(options: CardSandboxOptions): CardSandbox {
  for (const name of ['secretKey', 'webhookSecret', 'webhookUrl', 'publicOrigin'] as const) {
    if (!options[name]) throw new Error(`Card sandbox: the option ${name} is required.`);
  }
  if (!URL.canParse(options.webhookUrl)) throw new Error('Card sandbox: webhookUrl is not a URL.');
  if (!URL.canParse(options.publicOrigin)) throw new Error('Card sandbox: publicOrigin is not a URL.');
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  if (!retryDelaysMs.every((delay) => Number.isFinite(delay) && delay >= 0)) {
    throw new Error('Card sandbox: retryDelaysMs must hold delays of 0 ms or more.');
  }

  const connectWebhook = connectWebhookOf(options);
  const fundsAvailableAfterSeconds = options.fundsAvailableAfterSeconds ?? 0;
  if (!Number.isInteger(fundsAvailableAfterSeconds) || fundsAvailableAfterSeconds < 0) {
    throw new Error('Card sandbox: fundsAvailableAfterSeconds must be a whole number of seconds, 0 or more.');
  }

  const core = new SandboxCore({
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    webhookUrl: options.webhookUrl,
    connectWebhook,
    fundsAvailableAfterSeconds,
    publicOrigin: new URL(options.publicOrigin).origin,
    stateFile: options.stateFile,
    retryDelaysMs,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now: options.now ?? (() => new Date()),
  });

  const app = new Hono();
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.json({ error: { type: 'invalid_request_error', message: 'The request body is too large.' } }, 413),
  });
  app.use('/v1/*', limit);
  app.use('/sandbox/*', limit);
  registerCheckoutApi(app, core);
  registerEventsApi(app, core);
  registerConnectApi(app, core);
  registerTransfersApi(app, core);
  registerBalanceApi(app, core);
  registerRefundsApi(app, core);
  registerHostedPages(app, core);
  registerControlRoutes(app, core);
  registerPayoutControls(app, core);
  app.all('/v1/*', unknownRoute);
  app.all('/sandbox/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(noticePage('Not found', 'The card sandbox has no page at this address.'), 404);
  });

  core.start();
  return { app, close: () => core.close() };
}

/** The Connect endpoint: both its URL and its own secret, or neither. */
function connectWebhookOf(options: CardSandboxOptions): { url: string; secret: string } | undefined {
  const { connectWebhookUrl: url, connectWebhookSecret: secret } = options;
  if (!url && !secret) return undefined;
  if (!url || !secret) throw new Error('Card sandbox: give connectWebhookUrl and connectWebhookSecret together.');
  if (!URL.canParse(url)) throw new Error('Card sandbox: connectWebhookUrl is not a URL.');
  return { url, secret };
}
