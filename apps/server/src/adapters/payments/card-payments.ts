import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CardSandbox } from '@sweetwish/card-sandbox/card-sandbox';
import Stripe from 'stripe';
import type { Config } from '../../config';

/**
 * The card provider, reached only through the official stripe SDK (architecture.md section 4): Stripe itself
 * when STRIPE_SECRET_KEY is set, else the local card sandbox, which this process serves at /v1 and
 * /sandbox. Nothing outside this file knows which.
 */
export type CardPayments = {
  stripe: Stripe;
  webhookSecret: string;
  /** The Connect endpoint's own signing secret (events on connected accounts). */
  connectWebhookSecret: string;
  /** The sandbox's routes to mount, when the sandbox is in use. */
  sandbox: CardSandbox | undefined;
};

export const WEBHOOK_PATH = '/api/payments/webhook';
export const CONNECT_WEBHOOK_PATH = '/api/payments/connect-webhook';

/**
 * Stripe, the local sandbox, or undefined on a public host without Stripe (top-ups then fail plainly). The
 * sandbox is imported only here, dynamically and only in sandbox mode: the build puts it in a chunk of its
 * own, which a production server (Stripe, or a public address) never loads (scripts/server-bundle.test.ts).
 */
export async function createCardPayments(config: Config): Promise<CardPayments | undefined> {
  if (config.stripe) {
    const client = new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2 });
    return {
      stripe: client,
      webhookSecret: config.stripe.webhookSecret,
      connectWebhookSecret: config.stripe.connectWebhookSecret,
      sandbox: undefined,
    };
  }
  // Anyone could pay with the test card: never on a public address.
  if (!config.isLocalPublicUrl) return undefined;
  const keys = sandboxKeys(config.dataDir);
  // The sandbox is served by this very server, on its own port.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const { createCardSandbox } = await import('@sweetwish/card-sandbox/card-sandbox');
  const sandbox = createCardSandbox({
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
    webhookUrl: `http://${host}:${config.port}${WEBHOOK_PATH}`,
    connectWebhookUrl: `http://${host}:${config.port}${CONNECT_WEBHOOK_PATH}`,
    connectWebhookSecret: keys.connectWebhookSecret,
    fundsAvailableAfterSeconds: config.cardSandboxFundsDelaySeconds,
    publicOrigin: config.publicUrl.origin,
    stateFile: path.join(config.dataDir, 'card-sandbox', 'state.json'),
  });
  return {
    stripe: new Stripe(keys.secretKey, { host, port: config.port, protocol: 'http' }),
    webhookSecret: keys.webhookSecret,
    connectWebhookSecret: keys.connectWebhookSecret,
    sandbox,
  };
}

type SandboxKeys = { secretKey: string; webhookSecret: string; connectWebhookSecret: string };

const newWebhookSecret = () => `whsec_sandbox${randomBytes(16).toString('hex')}`;

/**
 * The sandbox's API key and signing secrets, kept in DATA_DIR so pending webhooks still verify after a
 * restart. A keys file from before the Connect endpoint gets its secret added.
 */
function sandboxKeys(dataDir: string): SandboxKeys {
  const file = path.join(dataDir, 'card-sandbox', 'keys.json');
  let stored: Partial<SandboxKeys> | undefined;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    stored = undefined;
  }
  if (stored?.secretKey && stored.webhookSecret && stored.connectWebhookSecret) return stored as SandboxKeys;
  const keys: SandboxKeys = {
    secretKey: stored?.secretKey ?? `sk_test_sandbox_${randomBytes(16).toString('hex')}`,
    webhookSecret: stored?.webhookSecret ?? newWebhookSecret(),
    connectWebhookSecret: newWebhookSecret(),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
