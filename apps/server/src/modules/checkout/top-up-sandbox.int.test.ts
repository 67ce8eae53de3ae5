import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { untilWebhooksDelivered } from '@sweetwish/card-sandbox/webhooks-delivered';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, jsonHeaders, TEST_ORIGIN, testConfig } from '../../../test/app-harness';
import { signInByPhone } from '../../../test/sign-in-helpers';
import { type RunningServer, startServer } from '../../server';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A top-up the whole way, on a real server with the local card sandbox: the official stripe SDK creates
 * the checkout on /v1, a person pays on the hosted page, the sandbox delivers the signed webhook over
 * HTTP, and only then are the tokens in the wallet.
 */
describe('a token top-up through the local card sandbox', () => {
  let server: RunningServer;
  let base: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-sandbox-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = testConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN });
    server = await startServer(config, captureLogger().logger);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The app's links name its public origin; this server listens on a port of its own.
  const local = (url: string) => url.replace(TEST_ORIGIN, base);
  const app = { request: (p: string, init?: RequestInit) => fetch(`${base}${p}`, init) };

  async function walletCents(cookie: string) {
    const res = await fetch(`${base}/api/wallet`, { headers: { Cookie: cookie } });
    return ((await res.json()) as { balanceCents: number }).balanceCents;
  }

  async function startCheckout(cookie: string, quantity: number, idempotencyKey?: string) {
    const res = await fetch(`${base}/api/checkout/top-ups`, {
      method: 'POST',
      headers: { ...jsonHeaders({ cookie }), ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }) },
      body: JSON.stringify({ quantity, location: '/x/some-wish' }),
    });
    expect(res.status).toBe(201);
    return local(((await res.json()) as { url: string }).url);
  }

  async function submit(checkoutUrl: string, action: 'pay' | 'decline') {
    const form = new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Fan',
      action,
    });
    return fetch(`${checkoutUrl}/pay`, { method: 'POST', body: form, redirect: 'manual', headers: { Origin: base } });
  }

  it('credits 500 tokens after the card is paid, and returns to the wish page it started from', async () => {
    const cookie = await signInByPhone(app as never);
    const checkoutUrl = await startCheckout(cookie, 500);
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('No money moves');
    expect(await walletCents(cookie)).toBe(0);

    const paid = await submit(checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    const returnUrl = new URL(paid.headers.get('location') ?? '');
    expect(returnUrl.pathname).toBe('/tokens/stripe/success');
    expect(returnUrl.searchParams.get('session_id')).toMatch(/^cs_test_/);
    expect(returnUrl.searchParams.get('return')).toBe('/x/some-wish');
    expect(returnUrl.searchParams.get('tokens')).toBe('500');

    for (let i = 0; i < 100 && (await walletCents(cookie)) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await walletCents(cookie)).toBe(50_000);
  });

  it('answers a retried start with the same checkout, so a double tap cannot open two payments', async () => {
    const cookie = await signInByPhone(app as never);
    const first = await startCheckout(cookie, 100, 'top-up-once');
    const again = await startCheckout(cookie, 100, 'top-up-once');
    expect(again).toBe(first);
    // A new key (a new purchase) gets a checkout of its own.
    expect(await startCheckout(cookie, 100, 'top-up-twice')).not.toBe(first);
  });

  it('credits nothing for a declined card', async () => {
    const cookie = await signInByPhone(app as never);
    const checkoutUrl = await startCheckout(cookie, 50);
    const declined = await submit(checkoutUrl, 'decline');
    expect(await declined.text()).toContain('Your card was declined.');
    // Whatever webhook the decline queued has been answered by the server before the wallet is read.
    const { secretKey } = JSON.parse(fs.readFileSync(path.join(dataDir, 'card-sandbox', 'keys.json'), 'utf8'));
    await untilWebhooksDelivered(base, secretKey);
    expect(await walletCents(cookie)).toBe(0);
  });
});
