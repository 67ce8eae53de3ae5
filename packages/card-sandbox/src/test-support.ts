import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { afterEach, expect } from 'vitest';
import { type CardSandboxOptions, createCardSandbox } from './card-sandbox';

// What the sandbox's tests share: a signed-webhook receiver, the sandbox served on a real port as the
// server mounts it, the real SDK pointed at it, and the steps a browser would take.

export const SECRET_KEY = 'sk_test_sandbox_0123456789';
export const WEBHOOK_SECRET = 'whsec_sandbox_test_secret';
export const CONNECT_WEBHOOK_SECRET = 'whsec_sandbox_connect_secret';

/** Run after each test, newest first: servers, sandboxes, temporary files. */
export const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls until `condition` holds, for at most two seconds. */
export async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A webhook endpoint that verifies each delivery with the SDK, as the server will; it can fail on demand. */
export async function startReceiver(secret = WEBHOOK_SECRET, path = '/api/payments/webhook') {
  const verifier = new Stripe('sk_test_unused');
  const receiver = {
    url: '',
    attempts: 0,
    failuresToGive: 0,
    events: [] as Stripe.Event[],
    signatureFailures: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.attempts += 1;
      if (receiver.failuresToGive > 0) {
        receiver.failuresToGive -= 1;
        res.writeHead(500).end();
        return;
      }
      try {
        const signature = String(req.headers['stripe-signature']);
        receiver.events.push(verifier.webhooks.constructEvent(Buffer.concat(chunks), signature, secret));
        res.writeHead(200).end('{"received":true}');
      } catch {
        receiver.signatureFailures += 1;
        res.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return receiver;
}

/**
 * The sandbox as the server mounts it (inside another Hono app, before the web app's catch-all), on a
 * free port, with the real SDK pointed at it.
 */
export async function startSandbox(options: Partial<CardSandboxOptions> & { webhookUrl: string }) {
  const holder: { app: Hono | null } = { app: null };
  // The Node bindings go through as `c.env`, as in the server: the sandbox cuts connections with them.
  const server = serve({
    fetch: (request, env) => (holder.app as Hono).fetch(request, env),
    port: 0,
    hostname: '127.0.0.1',
  });
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const sandbox = createCardSandbox({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    publicOrigin: base,
    retryDelaysMs: [20, 20, 20],
    ...options,
  });
  const app = new Hono();
  app.route('/', sandbox.app);
  app.get('*', (c) => c.text('the web app'));
  holder.app = app;
  let isClosed = false;
  const close = async () => {
    if (isClosed) return;
    isClosed = true;
    await sandbox.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  cleanups.push(close);
  const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  // Transfers draw on the platform's available balance: tests about transfers start with funds in it.
  if (options.fundsAvailableAfterSeconds === undefined) {
    expect((await control(base, '/sandbox/control/balance', { amount: 10_000_000 })).status).toBe(200);
  }
  return { base, port, stripe, close, sandbox };
}

/** The sandbox with a receiver for the platform's events and one for Connect events, each with its secret. */
export async function setUp(options: Partial<CardSandboxOptions> = {}) {
  const receiver = await startReceiver();
  const connectReceiver = await startReceiver(CONNECT_WEBHOOK_SECRET, '/api/payments/connect-webhook');
  const sandbox = await startSandbox({
    webhookUrl: receiver.url,
    connectWebhookUrl: connectReceiver.url,
    connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
    ...options,
  });
  return { ...sandbox, receiver, connectReceiver };
}

export const topUp = (
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    {
      price_data: {
        currency: 'usd',
        unit_amount: 5100,
        product_data: { name: '50 tokens', description: '50 tokens for your Sweetwish wallet' },
      },
      quantity: 1,
    },
  ],
  success_url: 'http://localhost:5172/wallet?checkout={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:5172/wallet',
  client_reference_id: 'user_1',
  metadata: { userId: 'user_1', packageId: 'p50' },
  ...overrides,
});

/** Submits the hosted checkout form as a browser would. */
export function pay(base: string, sessionId: string, fields: Record<string, string> = {}) {
  return fetch(`${base}/sandbox/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Test Fan',
      action: 'pay',
      ...fields,
    }),
  });
}

export function control(base: string, path: string, body: unknown, key = SECRET_KEY) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export type SandboxContext = Awaited<ReturnType<typeof setUp>>;

/** Takes an account through the hosted onboarding page, as its owner would, so it can receive transfers. */
export async function completeOnboarding(context: Pick<SandboxContext, 'stripe'>, accountId: string) {
  const link = await context.stripe.accountLinks.create({
    account: accountId,
    refresh_url: 'http://localhost:5172/payouts?refresh=1',
    return_url: 'http://localhost:5172/payouts?done=1',
    type: 'account_onboarding',
  });
  const done = await fetch(link.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=complete',
  });
  expect(done.status).toBe(303);
}

/** A new Express account, onboarded. */
export async function onboardedAccount(context: Pick<SandboxContext, 'stripe'>) {
  const account = await context.stripe.accounts.create({
    type: 'express',
    country: 'US',
    email: 'creator@example.com',
    capabilities: { transfers: { requested: true } },
    metadata: { userId: 'creator_1' },
  });
  await completeOnboarding(context, account.id);
  return account;
}

/** A top-up paid with the test card on the hosted page; its session and payment intent. */
export async function paidTopUp(context: SandboxContext) {
  const session = await context.stripe.checkout.sessions.create(topUp());
  expect((await pay(context.base, session.id)).status).toBe(303);
  const paid = await context.stripe.checkout.sessions.retrieve(session.id);
  return { sessionId: session.id, paymentIntent: paid.payment_intent as string };
}

/** A creator's withdrawal as the server sends it. */
export const withdrawal = (destination: string, id: string, amount = 5000): Stripe.TransferCreateParams => ({
  amount,
  currency: 'usd',
  destination,
  metadata: { withdrawalId: id },
  description: 'Sweetwish withdrawal',
});

/** The events of one type the webhook receiver has verified so far. */
export const received = (receiver: { events: Stripe.Event[] }, type: string) =>
  receiver.events.filter((event) => event.type === type);
