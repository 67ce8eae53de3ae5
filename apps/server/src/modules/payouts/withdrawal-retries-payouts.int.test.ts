import { control, onboardedAccount, startSandbox } from '@sweetwish/card-sandbox/test-support';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedUser } from '../../../test/seed';
import type { CardPayments } from '../../adapters/payments/card-payments';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { reconcile } from '../wallet/service';
import { handleConnectEvent } from './connect-events';
import type { PayoutDeps } from './payout-deps';
import { findWithdrawal, insertPayoutAccount, updatePayoutAccount } from './repo';
import { attemptWithdrawalTransfer, debitWithdrawal, listWithdrawals } from './service';

/** Nothing listens here: the sandbox's own deliveries are not what these tests drive. */
const NOWHERE = 'http://127.0.0.1:9/api/payments/webhook';

/**
 * Withdrawals against the card sandbox on a clock the test moves (the sandbox's and the service's): a
 * retry a day later, the platform balance short, and 401/403 answers; then the Connect events that
 * complete or fail a withdrawal. Service calls made directly, on PGlite and PostgreSQL.
 */
describe.each(databaseKinds())('withdrawal transfers and their payouts on %s', (kind) => {
  let database: DatabaseHandle;
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
  const reversals = async (withdrawalId: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`withdrawal_reversal:${withdrawalId}`}`,
      )
    )[0]?.n;

  /** The Connect events the sandbox recorded for an account, oldest first. */
  async function connectEvents(context: Context, type: string, account: string) {
    const { data } = await context.stripe.events.list({ type, limit: 100 });
    return data.filter((event) => event.account === account).reverse();
  }

  it('completes a withdrawal on payout.paid, once, and shows a failed payout with what to do', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context, 200);
    const paidOne = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    await attemptWithdrawalTransfer(context.deps(), paidOne.id);
    const [paid] = await connectEvents(context, 'payout.paid', user.accountId);
    await handleConnectEvent(context.deps(), paid as Stripe.Event);
    await handleConnectEvent(context.deps(), paid as Stripe.Event);
    expect((await listWithdrawals(database.db, user.id, { limit: 100 })).items[0]).toMatchObject({
      id: paidOne.id,
      status: 'paid',
      completedAt: expect.any(String),
    });

    await control(context.base, `/sandbox/control/accounts/${user.accountId}/payouts`, { fail: true });
    const failedOne = await debitWithdrawal(context.deps(), user.id, { amount: 60 });
    await attemptWithdrawalTransfer(context.deps(), failedOne.id);
    const [failed] = await connectEvents(context, 'payout.failed', user.accountId);
    const [created] = (await connectEvents(context, 'payout.created', user.accountId)).slice(-1);
    await handleConnectEvent(context.deps(), failed as Stripe.Event);
    const shown = (await listWithdrawals(database.db, user.id, { limit: 100 })).items.find(
      (w) => w.id === failedOne.id,
    );
    expect(shown).toMatchObject({ status: 'payout_failed', completedAt: null });
    expect(shown?.failureMessage).toContain('The bank account has been closed.');
    expect(shown?.failureMessage).toContain('Update Account');
    // No reversal: the money waits in the payout account.
    expect(await reversals(failedOne.id)).toBe(0);

    // An older event heard late (a paid event created before the failure) changes nothing.
    const stale = {
      ...(failed as Stripe.Event),
      id: `evt_stale_${failedOne.id}`,
      type: 'payout.paid',
      created: (failed as Stripe.Event).created - 5,
      data: { object: { ...(failed as Stripe.Event).data.object, status: 'paid' } },
    };
    expect(created).toBeDefined();
    await handleConnectEvent(context.deps(), stale as Stripe.Event);
    expect((await findWithdrawal(database.db, failedOne.id))?.status).toBe('payout_failed');
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('fails every withdrawal a scheduled payout carried, and completes them all with the next payout', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context, 300);
    const payouts = `/sandbox/control/accounts/${user.accountId}/payouts`;
    // Stripe's schedule: the transfers wait in the account, then go out together, to a bank that refuses them.
    await control(context.base, payouts, { hold: true, fail: true });
    const carried = [];
    for (const amount of [50, 60, 70]) {
      const row = await debitWithdrawal(context.deps(), user.id, { amount });
      await attemptWithdrawalTransfer(context.deps(), row.id);
      carried.push(row.id);
    }
    expect(await connectEvents(context, 'payout.failed', user.accountId)).toEqual([]);
    await control(context.base, payouts, { hold: false });
    const [failed] = await connectEvents(context, 'payout.failed', user.accountId);
    await handleConnectEvent(context.deps(), failed as Stripe.Event);
    for (const id of carried) {
      const row = await findWithdrawal(database.db, id);
      expect(row?.status).toBe('payout_failed');
      expect(row?.failureMessage).toContain('Update Account');
    }

    // The details fixed, the next day's payout pays out the whole balance, the failed payout's money with it.
    context.clock.now += 24 * 60 * 60 * 1000;
    await control(context.base, payouts, { fail: false });
    const next = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    await attemptWithdrawalTransfer(context.deps(), next.id);
    const [paid] = await connectEvents(context, 'payout.paid', user.accountId);
    await handleConnectEvent(context.deps(), paid as Stripe.Event);
    for (const id of [...carried, next.id]) expect((await findWithdrawal(database.db, id))?.status).toBe('paid');
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });
});
