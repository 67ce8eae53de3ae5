import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PayoutAccountStatus, Withdrawal, WithdrawalPage } from '@sweetwish/shared/payouts';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { captureLogger, jsonHeaders, TEST_ORIGIN, testConfig } from '../../../test/app-harness';
import { createFreshPostgresDatabase } from '../../../test/databases';
import { seedEarnings } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import { type DatabaseHandle, openPostgres, queryRows } from '../../db/client';
import { type RunningServer, startServer } from '../../server';
import { reconcile } from '../wallet/service';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function until<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type User = { id: string; cookie: string; handle: string };

/**
 * A real server with the local card sandbox, reached through the stripe SDK, for the payouts suites:
 * registers the suite's beforeAll/afterAll and returns the helpers their tests share.
 */
export function usePayoutsSandbox() {
  let server: RunningServer;
  let base: string;
  let port: number;
  let dataDir: string;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let stripe: Stripe;
  let secretKey: string;

  async function start() {
    const config = testConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      DATABASE_URL: databaseUrl,
    });
    server = await startServer(config, captureLogger().logger);
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-payouts-'));
    const fresh = await createFreshPostgresDatabase();
    databaseUrl = fresh.url;
    drop = fresh.drop;
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await start();
    database = await openPostgres(databaseUrl);
    secretKey = JSON.parse(fs.readFileSync(path.join(dataDir, 'card-sandbox', 'keys.json'), 'utf8')).secretKey;
    stripe = new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http' });
    // Tokens here are seeded, not bought by card: the platform balance gets the funds the transfers draw on.
    expect((await control('/sandbox/control/balance', { amount: 10_000_000 })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const app = { request: (p: string, init?: RequestInit) => fetch(`${base}${p}`, init) };
  const local = (url: string) => url.replace(TEST_ORIGIN, base);
  const call = (user: User, method: string, p: string, body?: unknown) =>
    fetch(`${base}/api${p}`, {
      method,
      headers: jsonHeaders({ cookie: user.cookie }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const control = (p: string, body: unknown) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  let counter = 0;
  async function newUser(tokens = 0): Promise<User> {
    const cookie = await signInByPhone(app as never);
    counter++;
    const handle = `pay_${Date.now().toString(36)}${counter}`;
    await completeProfile(app as never, cookie, { handle, displayName: 'Payout Person' });
    const { id } = (await (await me(app as never, cookie)).json()) as { id: string };
    // Earnings that cleared: what a withdrawal takes (bought tokens never are, decision 017).
    if (tokens) await seedEarnings(database.db, id, tokens * 100);
    return { id, cookie, handle };
  }

  const balance = async (user: User) =>
    ((await (await call(user, 'GET', '/wallet')).json()) as { balanceCents: number }).balanceCents;
  const accountStatus = async (user: User) =>
    (await (await call(user, 'GET', '/payouts/account')).json()) as PayoutAccountStatus;

  /** Onboards the user in the sandbox, as they would in the browser, until payouts are enabled. */
  async function onboard(user: User) {
    const res = await call(user, 'POST', '/payouts/onboarding-link', { location: '/balance' });
    expect(res.status).toBe(201);
    const link = new URL(local(((await res.json()) as { url: string }).url));
    expect((await fetch(link)).status).toBe(200);
    const done = await fetch(link, {
      method: 'POST',
      body: new URLSearchParams({ action: 'complete' }),
      redirect: 'manual',
      headers: { Origin: base },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${TEST_ORIGIN}/balance`);
    return until(async () => {
      const status = await accountStatus(user);
      return status.account?.payoutsEnabled ? status.account : undefined;
    });
  }

  const withdraw = (user: User, amount: unknown) => call(user, 'POST', '/payouts/withdrawals', { amount });
  const withdrawals = async (user: User) =>
    ((await (await call(user, 'GET', '/payouts/withdrawals')).json()) as WithdrawalPage).items;
  const transfersTo = async (accountId: string) =>
    (await stripe.transfers.list({ destination: accountId, limit: 100 })).data;

  async function expectReconciled() {
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  }

  /** Waits until the user's newest withdrawal has `status` (a payout event arrives after the answer). */
  const newestReaches = (user: User, status: Withdrawal['status']) =>
    until(async () => {
      const list = await withdrawals(user);
      return list[0]?.status === status ? list : undefined;
    });

  /** A top-up of `quantity` tokens paid in the sandbox's checkout; its payment intent. */
  async function topUp(user: User, quantity: number): Promise<string> {
    const started = await call(user, 'POST', '/checkout/top-ups', { quantity, location: '/balance' });
    const checkout = local(((await started.json()) as { url: string }).url);
    const paid = await fetch(`${checkout}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', action: 'pay' }),
      redirect: 'manual',
      headers: { Origin: base },
    });
    expect(paid.status).toBe(303);
    const sessionId = checkout.split('/').at(-1) as string;
    return until(async () => {
      const [row] = await queryRows<{ external_ref: string }>(
        database.db,
        sql`select external_ref from ledger_transfers where idempotency_key = ${`top_up:${sessionId}`}`,
      );
      return row?.external_ref;
    });
  }

  const disputeRow = (id: string) =>
    queryRows<{ status: string; debited_cents: string; receivable_cents: string; fee_cents: string }>(
      database.db,
      sql`select status, debited_cents, receivable_cents, fee_cents from disputes where id = ${id}`,
    ).then((rows) => rows[0]);

  return {
    get server() {
      return server;
    },
    get base() {
      return base;
    },
    get database() {
      return database;
    },
    get stripe() {
      return stripe;
    },
    get secretKey() {
      return secretKey;
    },
    start,
    call,
    control,
    newUser,
    balance,
    accountStatus,
    onboard,
    withdraw,
    withdrawals,
    transfersTo,
    expectReconciled,
    newestReaches,
    topUp,
    disputeRow,
  };
}
