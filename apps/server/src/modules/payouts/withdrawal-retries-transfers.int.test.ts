import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { control, onboardedAccount, pay, SECRET_KEY, startSandbox, topUp } from '@sweetwish/card-sandbox/test-support';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedUser } from '../../../test/seed';
import type { CardPayments } from '../../adapters/payments/card-payments';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { handleWebhookEvent } from '../checkout/service';
import { findUserBalances } from '../ledger/service';
import { reconcile } from '../wallet/service';
import type { PayoutDeps } from './payout-deps';
import {
  findNextWithdrawalAttempt,
  findWithdrawal,
  insertPayoutAccount,
  recordTransferKey,
  updatePayoutAccount,
} from './repo';
import { attemptWithdrawalTransfer, debitWithdrawal, listWithdrawals } from './service';
import { withdrawalTransferGroup } from './transfer-attempt';
import { withdrawalJobKey } from './withdrawal-job-kind';

const HOUR = 60 * 60_000;
/** Nothing listens here: the sandbox's own deliveries are not what these tests drive. */
const NOWHERE = 'http://127.0.0.1:9/api/payments/webhook';

/**
 * Withdrawals against the card sandbox on a clock the test moves (the sandbox's and the service's): a
 * retry a day later, the platform balance short, and 401/403 answers; then the Connect events that
 * complete or fail a withdrawal. Service calls made directly, on PGlite and PostgreSQL.
 */
describe.each(databaseKinds())('withdrawal transfers retried on %s', (kind) => {
  let database: DatabaseHandle;
  /** Whether the withdrawal may be tried now, and whether its job (worker.ts) would run now. */
  const isDue = async (id: string) => {
    const [job] = await queryRows<{ is_due: boolean }>(
      database.db,
      sql`select run_at <= now() as is_due from jobs where key = ${withdrawalJobKey(id)} and status = 'pending'`,
    );
    return { withdrawal: (await findNextWithdrawalAttempt(database.db, id))?.isDue, job: job?.is_due };
  };
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  /** A sandbox whose card funds take an hour to be available, its SDK client and the service's deps. */
  async function setUp() {
    const clock = { now: Date.now() };
    const sandbox = await startSandbox({
      webhookUrl: NOWHERE,
      fundsAvailableAfterSeconds: 3600,
      now: () => new Date(clock.now),
    });
    const captured = captureLogger();
    const payments = (stripe: Stripe): CardPayments => ({
      stripe,
      webhookSecret: 'whsec_unused',
      connectWebhookSecret: 'whsec_unused',
      sandbox: undefined,
    });
    const deps = (stripe = sandbox.stripe): PayoutDeps => ({
      db: database.db,
      payments: payments(stripe),
      logger: captured.logger,
      publicOrigin: sandbox.base,
      now: () => new Date(clock.now),
    });
    return { ...sandbox, clock, deps, logLines: captured.lines };
  }
  type Context = Awaited<ReturnType<typeof setUp>>;

  /** A creator with `tokens` in the wallet and an onboarded payout account at the sandbox. */
  async function creator(context: Context, tokens = 100) {
    const user = await seedUser(database.db);
    await seedEarnings(database.db, user.id, tokens * 100);
    const account = await onboardedAccount(context);
    await insertPayoutAccount(database.db, user.id, account.id);
    await updatePayoutAccount(database.db, account.id, { payoutsEnabled: true, detailsSubmitted: true }, 0);
    return { ...user, accountId: account.id };
  }

  const fund = (context: Context, amount: number) => control(context.base, '/sandbox/control/balance', { amount });
  const transfersOf = async (context: Context, withdrawalId: string) =>
    (await context.stripe.transfers.list({ transfer_group: withdrawalTransferGroup(withdrawalId) })).data;
  const wallet = async (userId: string) => (await findUserBalances(database.db, userId)).availableCents;
  const reversals = async (withdrawalId: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`withdrawal_reversal:${withdrawalId}`}`,
      )
    )[0]?.n;

  it('retried after 24 hours (the key forgotten), finds the transfer made earlier and does not pay again', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 60 });
    // The transfer is made, then the connection is cut: no answer, so the withdrawal stays pending.
    await control(context.base, '/sandbox/control/transfers/drop-next', {
      account: user.accountId,
      replays_to_drop: 2,
    });
    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect((await findWithdrawal(database.db, debited.id))?.status).toBe('pending');
    expect(await transfersOf(context, debited.id)).toHaveLength(1);

    // A day later the provider has forgotten the key: a create with it would make a second transfer.
    context.clock.now += 24 * HOUR + 60_000;
    await attemptWithdrawalTransfer(context.deps(), debited.id);
    const [transfer] = await transfersOf(context, debited.id);
    expect(await transfersOf(context, debited.id)).toHaveLength(1);
    expect(await findWithdrawal(database.db, debited.id)).toMatchObject({
      status: 'in_transit',
      providerTransferId: transfer?.id,
    });
    expect(await wallet(user.id)).toBe(4000);
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('retried after 24 hours with no transfer made, sends it once under a new key', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    // As if the first request went out a day ago and never reached the provider.
    await recordTransferKey(
      database.db,
      debited.id,
      `withdrawal:${debited.id}`,
      new Date(context.clock.now - 25 * HOUR),
    );
    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect(await transfersOf(context, debited.id)).toHaveLength(1);
    const row = await findWithdrawal(database.db, debited.id);
    expect(row?.status).toBe('in_transit');
    expect(row?.transferKey).toMatch(new RegExp(`^withdrawal:${debited.id}:\\d+$`));
  });

  it('keeps a withdrawal pending on balance_insufficient (no reversal), and pays it once when funds become available', async () => {
    const context = await setUp();
    const user = await creator(context);
    // A fan's card payment: pending in the platform balance for an hour.
    const session = await context.stripe.checkout.sessions.create(topUp());
    expect((await pay(context.base, session.id)).status).toBe(303);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    await attemptWithdrawalTransfer(context.deps(), debited.id);

    expect(await findWithdrawal(database.db, debited.id)).toMatchObject({ status: 'pending', transferKeySentAt: null });
    expect((await listWithdrawals(database.db, user.id, { limit: 100 })).items[0]).toMatchObject({
      status: 'pending',
      failureMessage: null,
    });
    expect(await wallet(user.id)).toBe(5000);
    expect(await reversals(debited.id)).toBe(0);
    expect(await transfersOf(context, debited.id)).toEqual([]);
    // Not due again for a while (a longer back-off than an unclear answer's 5 seconds): a run of its job
    // meanwhile would only put the job back to that time.
    expect((await isDue(debited.id)).withdrawal).toBe(false);

    // An hour later the funds are available, and Stripe says so with balance.available.
    context.clock.now += HOUR;
    const balance = await context.stripe.balance.retrieve();
    expect(balance.available[0]?.amount).toBe(5100);
    const event = { id: `evt_${debited.id}`, object: 'event', type: 'balance.available', data: { object: balance } };
    await handleWebhookEvent(database.db, context.deps().logger, event as unknown as Stripe.Event);
    expect(await isDue(debited.id)).toEqual({ withdrawal: true, job: true });

    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect((await findWithdrawal(database.db, debited.id))?.status).toBe('in_transit');
    expect((await transfersOf(context, debited.id)).map((t) => t.amount)).toEqual([5000]);
    expect(await reversals(debited.id)).toBe(0);
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('treats 401 and 403 as unclear: an alert in the log, still pending, no reversal, then paid once', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context);
    const debited = await debitWithdrawal(context.deps(), user.id, { amount: 50 });

    const wrongKey = new Stripe(`${SECRET_KEY}x`, {
      host: '127.0.0.1',
      port: context.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await attemptWithdrawalTransfer(context.deps(wrongKey), debited.id);

    // A provider answering 403 (a restricted key without the transfers permission), as Stripe shapes it.
    const forbidding = new Hono().all('*', (c) =>
      c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: 'The provided key does not have the required permissions for this endpoint.',
          },
        },
        403,
      ),
    );
    const server = serve({ fetch: forbidding.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const forbidden = new Stripe('rk_test_restricted', {
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await attemptWithdrawalTransfer(context.deps(forbidden), debited.id);
    await new Promise<void>((resolve) => server.close(() => resolve()));

    expect((await findWithdrawal(database.db, debited.id))?.status).toBe('pending');
    expect(await reversals(debited.id)).toBe(0);
    expect(await wallet(user.id)).toBe(5000);
    const alerts = context.logLines.filter((line) => line.level === 50 && line.alert === 'card-provider-auth');
    expect(alerts).toHaveLength(2);
    // Secrets never logged.
    expect(JSON.stringify(context.logLines)).not.toContain(SECRET_KEY);

    await attemptWithdrawalTransfer(context.deps(), debited.id);
    expect((await findWithdrawal(database.db, debited.id))?.status).toBe('in_transit');
    expect(await transfersOf(context, debited.id)).toHaveLength(1);
  });
});
