import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { untilWebhooksDelivered } from '@sweetwish/card-sandbox/webhooks-delivered';
import type { PayoutAccountStatus, StatementPage, Withdrawal, WithdrawalPage } from '@sweetwish/shared/payouts';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, jsonHeaders, TEST_ORIGIN, testConfig } from '../../../test/app-harness';
import { createFreshPostgresDatabase, databaseKinds } from '../../../test/databases';
import { seedEarnings, seedTokens } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import { type DatabaseHandle, openPostgres, queryRows } from '../../db/client';
import { type RunningServer, startServer } from '../../server';
import { refundOnFraudWarning } from '../checkout/refunds';
import { reconcile } from '../wallet/service';
import { debitWithdrawal } from './service';
import { withdrawalJobKey } from './withdrawal-job-kind';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

type User = { id: string; cookie: string; handle: string };

/**
 * Payouts on a real server with the local card sandbox, reached through the stripe SDK: onboarding,
 * withdrawals and their faults, disputes of top-ups, webhooks delivered (and redelivered) over HTTP, and
 * reconciliation after each.
 */
describe.skipIf(!databaseKinds().includes('postgres'))('payouts through the card sandbox', () => {
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

  it('onboards a creator: no account, then an account that is not enabled, then one with payouts', async () => {
    const creator = await newUser();
    expect(await accountStatus(creator)).toEqual({ account: null });
    expect((await withdraw(creator, 50)).status).toBe(403);
    const first = await call(creator, 'POST', '/payouts/onboarding-link', { location: '/balance' });
    const second = await call(creator, 'POST', '/payouts/onboarding-link', { location: '/balance' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const pending = await accountStatus(creator);
    expect(pending.account).toMatchObject({ payoutsEnabled: false });
    const account = await onboard(creator);
    expect(account).toMatchObject({ id: pending.account?.id, payoutsEnabled: true, detailsSubmitted: true });
    for (const location of ['https://evil.example/', '//evil.example', 'balance']) {
      expect((await call(creator, 'POST', '/payouts/onboarding-link', { location })).status).toBe(400);
    }
  });

  /** Waits until the user's newest withdrawal has `status` (a payout event arrives after the answer). */
  const newestReaches = (user: User, status: Withdrawal['status']) =>
    until(async () => {
      const list = await withdrawals(user);
      return list[0]?.status === status ? list : undefined;
    });

  it('withdraws whole tokens of at least 50, at most the balance, and records it as Completed once paid out', async () => {
    const creator = await newUser(120);
    const account = await onboard(creator);
    for (const amount of [49, 0, 50.5, '50', -50]) expect((await withdraw(creator, amount)).status).toBe(400);
    const tooSmall = await withdraw(creator, 49);
    expect(((await tooSmall.json()) as { error: { message: string } }).error.message).toContain(
      PAYOUT_MESSAGES.minimum,
    );
    const tooMuch = await withdraw(creator, 121);
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe('Insufficient balance');

    const res = await withdraw(creator, 50);
    expect(res.status).toBe(201);
    // Transferred to the payout account; Completed when its payout reaches the bank (payout.paid).
    expect(await res.json()).toMatchObject({ amountCents: 5000, status: expect.stringMatching(/^(in_transit|paid)$/) });
    expect(await balance(creator)).toBe(7000);
    await newestReaches(creator, 'paid');
    expect(await withdrawals(creator)).toEqual([
      expect.objectContaining({
        amountCents: 5000,
        status: 'paid',
        completedAt: expect.any(String),
        failureMessage: null,
      }),
    ]);
    const transfers = await transfersTo(account.id);
    expect(transfers.map((t) => t.amount)).toEqual([5000]);
    const statement = (await (await call(creator, 'GET', '/wallet/statement')).json()) as StatementPage;
    expect(statement.lines[0]).toMatchObject({ kind: 'withdrawal', amountCents: -5000 });
    // Nobody else sees it.
    expect(await withdrawals(await newUser())).toEqual([]);
    await expectReconciled();
  });

  it('never overdraws under 20 parallel withdrawals that together exceed the balance', async () => {
    const creator = await newUser(500);
    const account = await onboard(creator);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(creator, 50)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(await balance(creator)).toBe(0);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual(Array(10).fill(5000));
    await expectReconciled();
  });

  it('gives the money back once when the provider refuses the transfer', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    expect((await control(`/sandbox/control/accounts/${account.id}/transfers`, { fail: true })).status).toBe(200);
    const res = await withdraw(creator, 60);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(PAYOUT_MESSAGES.submitFailed);
    expect(await balance(creator)).toBe(10_000);
    expect(await withdrawals(creator)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const [reversals] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.kind = 'withdrawal_reversal' and e.account_id = ${`earned:${creator.id}`}`,
    );
    expect(reversals?.n).toBe(1);
    expect(await transfersTo(account.id)).toEqual([]);
    await control(`/sandbox/control/accounts/${account.id}/transfers`, { fail: false });
    expect((await withdraw(creator, 60)).status).toBe(201);
    expect(await balance(creator)).toBe(4000);
    await expectReconciled();
  });

  it('makes one transfer when the provider commits it and drops the connection: the SDK retries the key', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    expect((await control('/sandbox/control/transfers/drop-next', { account: account.id })).status).toBe(200);
    const res = await withdraw(creator, 70);
    // The SDK's own retry, with the same key, got the stored answer of the transfer already made.
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ amountCents: 7000, status: expect.stringMatching(/^(in_transit|paid)$/) });
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([7000]);
    expect(await balance(creator)).toBe(3000);
    await expectReconciled();
  });

  it('makes one transfer when every retry of the request is cut too: the worker finishes it with the same key', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    // The SDK tries three times (maxNetworkRetries 2): all three connections are cut after the commit.
    const armed = await control('/sandbox/control/transfers/drop-next', { account: account.id, replays_to_drop: 2 });
    expect(armed.status).toBe(200);
    const res = await withdraw(creator, 70);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ amountCents: 7000 });
    expect(await balance(creator)).toBe(3000);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([7000]);
    // Completed by the worker's retry with the same key, or by the payout event, which names the transfer.
    const [paid] = await until(async () => {
      const list = await withdrawals(creator);
      return list[0]?.status === 'paid' ? list : undefined;
    }, 30_000);
    expect(paid).toMatchObject({ amountCents: 7000, status: 'paid' });
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([7000]);
    expect(await balance(creator)).toBe(3000);
    await expectReconciled();
  }, 40_000);

  it('gives a withdrawal back once when its transfer is reversed later, however often the event arrives', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    expect((await withdraw(creator, 50)).status).toBe(201);
    const [transfer] = await transfersTo(account.id);
    const reversed = await control(`/sandbox/control/transfers/${transfer?.id}/reverse`, {});
    expect(reversed.status).toBe(200);
    await until(async () => (await withdrawals(creator))[0]?.status === 'failed');
    expect(await balance(creator)).toBe(10_000);
    const [event] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from webhook_events where type = 'transfer.reversed' order by received_at desc limit 1`,
    );
    expect(event?.id).toBeTruthy();
    expect((await control('/sandbox/control/webhooks/redeliver', { event_id: event?.id })).status).toBe(200);
    await untilWebhooksDelivered(base, secretKey);
    expect(await balance(creator)).toBe(10_000);
    const [reversals] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.kind = 'withdrawal_reversal' and e.account_id = ${`earned:${creator.id}`}`,
    );
    expect(reversals?.n).toBe(1);
    await expectReconciled();
  });

  it('gives a withdrawal back when its transfer is reversed before the lost answer was recovered', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    await control('/sandbox/control/transfers/drop-next', { account: account.id, replays_to_drop: 2 });
    const withdrawal = (await (await withdraw(creator, 60)).json()) as { id: string; amountCents: number };
    expect(withdrawal.amountCents).toBe(6000);
    const [transfer] = await transfersTo(account.id);
    expect((await control(`/sandbox/control/transfers/${transfer?.id}/reverse`, {})).status).toBe(200);
    await until(async () => (await withdrawals(creator))[0]?.status === 'failed');
    expect(await balance(creator)).toBe(10_000);
    // The worker's retry gets the same (reversed) transfer back and changes nothing: its job leaves the
    // queue only once a run of it has finished.
    await until(async () => {
      const queued = await queryRows(
        database.db,
        sql`select 1 from jobs where key = ${withdrawalJobKey(withdrawal.id)}`,
      );
      return queued.length === 0;
    });
    expect((await withdrawals(creator)).map((w) => w.status)).toEqual(['failed']);
    expect(await balance(creator)).toBe(10_000);
    expect(await transfersTo(account.id)).toHaveLength(1);
    await expectReconciled();
  }, 30_000);

  it('refuses the next transfer once (fail-next): the money comes back and the next withdrawal goes out', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    expect((await control('/sandbox/control/transfers/fail-next', { account: account.id })).status).toBe(200);
    expect((await withdraw(creator, 50)).status).toBe(409);
    expect(await balance(creator)).toBe(10_000);
    expect((await withdraw(creator, 50)).status).toBe(201);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([5000]);
    await newestReaches(creator, 'paid');
    expect((await withdrawals(creator)).map((w) => w.status)).toEqual(['paid', 'failed']);
    await expectReconciled();
  });

  it('completes a withdrawal debited just before the process stopped, after a restart, once', async () => {
    const creator = await newUser(100);
    const account = await onboard(creator);
    // The state a request leaves when the process dies between the debit and the transfer.
    const debited = await debitWithdrawal({ db: database.db }, creator.id, { amount: 80 });
    await server.stop();
    expect(await balance({ ...creator, cookie: '' }).catch(() => 'down')).toBe('down');
    await start();
    const paid = await until(async () => {
      const list = await withdrawals(creator);
      return list.find((w) => w.id === debited.id && w.status === 'paid');
    });
    expect(paid.amountCents).toBe(8000);
    expect((await transfersTo(account.id)).map((t) => t.amount)).toEqual([8000]);
    expect(await balance(creator)).toBe(2000);
    await expectReconciled();
  }, 60_000);

  it('marks every withdrawal a scheduled payout carried paid, past the 100 a list answers at once', async () => {
    const count = 101;
    const creator = await newUser(50 * count);
    const account = await onboard(creator);
    // Stripe pays a connected account out on its schedule: every transfer since the last payout, in one.
    expect((await control(`/sandbox/control/accounts/${account.id}/payouts`, { hold: true })).status).toBe(200);
    // Debited as a request would (past the write limit of 30 a minute); their jobs make the transfers.
    for (let i = 0; i < count; i++) await debitWithdrawal({ db: database.db }, creator.id, { amount: 50 });
    const statuses = async () =>
      Object.fromEntries(
        (
          await queryRows<{ status: string; n: number }>(
            database.db,
            sql`select status, count(*)::int as n from withdrawals where user_id = ${creator.id} group by status`,
          )
        ).map((r) => [r.status, r.n]),
      );
    await until(async () => (await statuses()).in_transit === count, 60_000);
    expect((await control(`/sandbox/control/accounts/${account.id}/payouts`, { hold: false })).status).toBe(200);
    await untilWebhooksDelivered(base, secretKey);
    expect(await statuses()).toEqual({ paid: count });
    await expectReconciled();
  }, 120_000);

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

  it('takes a disputed top-up back down to zero, holds spending, and reverses it when won, once', async () => {
    const fan = await newUser();
    const creator = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect(await balance(fan)).toBe(10_000);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 30 })).status).toBe(201);

    const opened = await control('/sandbox/control/disputes', { payment_intent: paymentIntent });
    expect(opened.status).toBe(200);
    const dispute = (await opened.json()) as { id: string };
    await until(async () => (await disputeRow(dispute.id))?.status === 'open');
    // The fan's 70 unspent tokens, and the creator's pending 24 of the 30-token tip, are taken back.
    expect(await balance(fan)).toBe(0);
    expect(await balance(creator)).toBe(0);
    await seedTokens(database.db, fan.id, 500); // a gift received meanwhile still arrives
    const held = await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 1 });
    expect(held.status).toBe(403);
    expect(((await held.json()) as { error: { message: string } }).error.message).toBe(WALLET_MESSAGES.onHold);

    // Delivered again: no second effect.
    const [created] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from webhook_events where type = 'charge.dispute.created' order by received_at desc limit 1`,
    );
    expect((await control('/sandbox/control/webhooks/redeliver', { event_id: created?.id })).status).toBe(200);
    await untilWebhooksDelivered(base, secretKey);
    expect(await balance(fan)).toBe(500);

    expect((await control(`/sandbox/control/disputes/${dispute.id}/close`, { status: 'won' })).status).toBe(200);
    await until(async () => (await disputeRow(dispute.id))?.status === 'won');
    expect(await balance(fan)).toBe(7500);
    expect(await balance(creator)).toBe(2400);
    // Stripe's $15 fee, first shown by the withdrawal's event, is booked once and kept after the win.
    expect(Number((await disputeRow(dispute.id))?.fee_cents)).toBe(1500);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 1 })).status).toBe(201);
    await expectReconciled();
  });

  /**
   * Stripe keeps a refund the platform's balance cannot cover pending, and fails it when the charge is
   * disputed meanwhile (decision 047): the refund took the tokens, the dispute keeps them.
   */
  it('a refund pending for want of funds takes the tokens; a dispute fails it and keeps them', async () => {
    const fan = await newUser();
    const creator = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 30 })).status).toBe(201);
    const availableCents = async (change: number) => {
      const answer = await control('/sandbox/control/balance', { amount: change });
      return ((await answer.json()) as { available: { amount: number }[] }).available[0]?.amount ?? 0;
    };
    // The platform paid all but a cent of its balance out to its bank.
    const drained = (await availableCents(1)) - 1;
    expect(await availableCents(-drained)).toBe(1);

    const refunded = await control('/sandbox/control/refunds', { payment_intent: paymentIntent });
    const refund = (await refunded.json()) as { id: string; status: string };
    expect(refund.status).toBe('pending');
    await until(async () => (await balance(fan)) === 0);
    expect(await balance(creator)).toBe(0);

    const opened = await control('/sandbox/control/disputes', { payment_intent: paymentIntent });
    const dispute = (await opened.json()) as { id: string };
    await until(async () => {
      const [row] = await queryRows<{ status: string }>(
        database.db,
        sql`select status from card_refunds where id = ${refund.id}`,
      );
      return row?.status === 'failed';
    });
    await untilWebhooksDelivered(base, secretKey);
    expect((await disputeRow(dispute.id))?.status).toBe('open');
    expect(await balance(fan)).toBe(0);
    expect(await balance(creator)).toBe(0);
    await expectReconciled();
    expect(await availableCents(drained + 1_000_000)).toBeGreaterThan(0);
  });

  it('an inquiry withdraws nothing: a refund during it takes the tokens, and its close gives nothing back', async () => {
    const fan = await newUser();
    const creator = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 30 })).status).toBe(201);
    const opened = await control('/sandbox/control/disputes', { payment_intent: paymentIntent, inquiry: true });
    const inquiry = (await opened.json()) as { id: string };
    await until(async () => (await disputeRow(inquiry.id))?.status === 'open');
    expect(await balance(fan)).toBe(7000);
    expect(await balance(creator)).toBe(2400);
    // Stripe's advice to resolve an inquiry: refund the payment in full.
    expect((await control('/sandbox/control/refunds', { payment_intent: paymentIntent })).status).toBe(200);
    await until(async () => (await balance(fan)) === 0);
    expect(await balance(creator)).toBe(0);
    expect((await control(`/sandbox/control/disputes/${inquiry.id}/close`, { status: 'won' })).status).toBe(200);
    await until(async () => (await disputeRow(inquiry.id))?.status === 'won');
    await untilWebhooksDelivered(base, secretKey);
    expect(await balance(fan)).toBe(0);
    expect(await balance(creator)).toBe(0);
    await expectReconciled();
  });

  it('keeps a lost dispute’s debit, and lifts the hold', async () => {
    const fan = await newUser();
    const paymentIntent = await topUp(fan, 50);
    const dispute = (await (await control('/sandbox/control/disputes', { payment_intent: paymentIntent })).json()) as {
      id: string;
    };
    await until(async () => (await disputeRow(dispute.id))?.status === 'open');
    await control(`/sandbox/control/disputes/${dispute.id}/close`, { status: 'lost' });
    await until(async () => (await disputeRow(dispute.id))?.status === 'lost');
    expect(await balance(fan)).toBe(0);
    await seedTokens(database.db, fan.id, 300);
    const creator = await newUser();
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 1 })).status).toBe(201);
    await expectReconciled();
  });

  it('refunds a top-up on an early fraud warning through the provider, and takes its tokens back once', async () => {
    const fan = await newUser();
    const creator = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 30 })).status).toBe(201);
    expect(await balance(creator)).toBe(2400);
    // A partial refund from the Dashboard first: 20 of the fan's 70 unspent tokens ($20.40 of $102).
    expect((await control('/sandbox/control/refunds', { payment_intent: paymentIntent, amount: 2040 })).status).toBe(
      200,
    );
    await until(async () => (await balance(fan)) === 5000);
    expect(await balance(creator)).toBe(2400);
    // The warning: the product refunds the rest with stripe.refunds.create; its refund.created does the rest.
    expect((await control('/sandbox/control/early_fraud_warnings', { payment_intent: paymentIntent })).status).toBe(
      200,
    );
    await until(async () => (await balance(creator)) === 0);
    expect(await balance(fan)).toBe(0);
    const refunds = await stripe.refunds
      .create({ payment_intent: paymentIntent })
      .catch((err: { code?: string }) => err);
    expect((refunds as { code?: string }).code).toBe('charge_already_refunded');
    const { items: purchases } = (await (await call(fan, 'GET', '/purchases')).json()) as {
      items: { reversedCents: number }[];
    };
    expect(purchases.map((p) => p.reversedCents)).toEqual([3000]);
    const { items: received } = (await (await call(creator, 'GET', '/received')).json()) as {
      items: { reversedCents: number }[];
    };
    expect(received.map((r) => r.reversedCents)).toEqual([3000]);
    await expectReconciled();
  });

  it('makes no refund on an early fraud warning heard after the payment was disputed', async () => {
    const fan = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect((await control('/sandbox/control/disputes', { payment_intent: paymentIntent })).status).toBe(200);
    await until(async () => (await balance(fan)) === 0);
    // Sent before the dispute, heard after it: the provider refuses to refund a disputed charge.
    const { logger, lines } = captureLogger();
    const payments = { stripe, webhookSecret: '', connectWebhookSecret: '', sandbox: undefined };
    const warning = { id: 'issfr_late', object: 'radar.early_fraud_warning', actionable: true };
    await refundOnFraudWarning(database.db, logger, payments, {
      ...warning,
      payment_intent: paymentIntent,
    } as unknown as Stripe.Radar.EarlyFraudWarning);
    expect(lines.map((l) => l.msg)).toContain('an early fraud warning for a payment disputed since');
    expect(await balance(fan)).toBe(0);
    await expectReconciled();
  });

  it('refunds on an early fraud warning that names only the charge (its payment_intent is nullable)', async () => {
    const fan = await newUser();
    const creator = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 30 })).status).toBe(201);
    const warning = await control('/sandbox/control/early_fraud_warnings', {
      payment_intent: paymentIntent,
      names_only_charge: true,
    });
    expect(((await warning.json()) as { payment_intent: string | null }).payment_intent).toBeNull();
    await until(async () => (await balance(creator)) === 0);
    expect(await balance(fan)).toBe(0);
    const again = await stripe.refunds.create({ payment_intent: paymentIntent }).catch((err: { code?: string }) => err);
    expect((again as { code?: string }).code).toBe('charge_already_refunded');
    await expectReconciled();
  });

  it('gives a refunded top-up back when the card bank returns the refund, once, and lets it be refunded again', async () => {
    const fan = await newUser();
    const creator = await newUser();
    const paymentIntent = await topUp(fan, 100);
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 30 })).status).toBe(201);
    const refund = (await (await control('/sandbox/control/refunds', { payment_intent: paymentIntent })).json()) as {
      id: string;
    };
    await until(async () => (await balance(creator)) === 0);
    expect(await balance(fan)).toBe(0);

    // The bank sends it back: refund.updated, refund.failed and charge.refund.updated arrive; one gives back.
    expect((await control(`/sandbox/control/refunds/${refund.id}/fail`, {})).status).toBe(200);
    await until(async () => (await balance(fan)) === 7000);
    await until(async () => {
      const pending = await fetch(`${base}/sandbox/control/webhooks/pending`, {
        headers: { Authorization: `Bearer ${secretKey}` },
      });
      return ((await pending.json()) as { count: number }).count === 0;
    });
    expect(await balance(fan)).toBe(7000);
    expect(await balance(creator)).toBe(2400);
    const { items: received } = (await (await call(creator, 'GET', '/received')).json()) as {
      items: { reversedCents: number }[];
    };
    expect(received.map((r) => r.reversedCents)).toEqual([0]);
    await expectReconciled();

    // The payment can be refunded again, in full, and that refund takes back again.
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).status).toBe('succeeded');
    await until(async () => (await balance(fan)) === 0);
    await until(async () => (await balance(creator)) === 0);
    await expectReconciled();
  });

  it('exports the statement of a date range as CSV, with received gifts’ gross, fees and net', async () => {
    const creator = await newUser();
    const fan = await newUser(200);
    const wish = (await (
      await call(creator, 'POST', '/wishes', { name: '=HYPERLINK("http://evil")', cost: 100 })
    ).json()) as { id: string };
    expect((await call(fan, 'POST', '/purchases', { productId: wish.id, sellerId: creator.id })).status).toBe(201);
    const message = '=1+1 "great" stream';
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 10, message })).status).toBe(201);

    const page = (await (await call(creator, 'GET', '/wallet/statement?limit=1')).json()) as StatementPage;
    expect(page.lines).toEqual([
      expect.objectContaining({ kind: 'tip_received', grossCents: 1000, feesCents: 200, amountCents: 800, message }),
    ]);
    const next = (await (
      await call(creator, 'GET', `/wallet/statement?limit=1&before=${page.nextCursor}`)
    ).json()) as StatementPage;
    expect(next.lines).toEqual([
      expect.objectContaining({ kind: 'gift_received', grossCents: 10_000, feesCents: 2_000, amountCents: 8_000 }),
    ]);
    expect(next.nextCursor).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    const csv = await call(creator, 'GET', `/wallet/statement.csv?from=${today}&to=${today}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('Date,Type,Description,Gross,Fees,Net,Message');
    // The fan's message is a quoted text cell, never a formula (decision 100).
    expect(rows[1]).toMatch(/,"Tip received","Tip from Payout Person",10\.00,2\.00,8\.00,"'=1\+1 ""great"" stream"$/);
    // A wish's name never becomes a formula in a spreadsheet.
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil"") from Payout Person",100.00,20.00,80.00,`);
    const fanCsv = await (await call(fan, 'GET', `/wallet/statement.csv?from=${today}&to=${today}`)).text();
    expect(fanCsv).toContain('-100.00');
    expect((await call(creator, 'GET', '/wallet/statement.csv?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const empty = await (await call(creator, 'GET', `/wallet/statement.csv?from=${yesterday}&to=${yesterday}`)).text();
    expect(empty.trim()).toBe('Date,Type,Description,Gross,Fees,Net,Message');
    await expectReconciled();
  });
});
