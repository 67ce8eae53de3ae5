import { control } from '@sweetwish/card-sandbox/test-support';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { listInbox } from '../inbox/service';
import { reconcile } from '../wallet/service';
import { handleConnectEvent } from './connect-events';
import { findWithdrawal } from './repo';
import { attemptWithdrawalTransfer, debitWithdrawal, listWithdrawals } from './service';
import { type SandboxContext, useWithdrawalRetriesSuite } from './withdrawal-retries-fixtures';

/**
 * Withdrawals against the card sandbox on a clock the test moves (the sandbox's and the service's): a
 * retry a day later, the platform balance short, and 401/403 answers; then the Connect events that
 * complete or fail a withdrawal. Service calls made directly, on PGlite and PostgreSQL.
 */
describe.each(databaseKinds())('withdrawal transfers and their payouts on %s', (kind) => {
  const suite = useWithdrawalRetriesSuite(kind);
  const { setUp, creator, fund, reversals } = suite;

  /** The Connect events the sandbox recorded for an account, oldest first. */
  async function connectEvents(context: SandboxContext, type: string, account: string) {
    const { data } = await context.stripe.events.list({ type, limit: 100 });
    return data.filter((event) => event.account === account).reverse();
  }

  const payoutEvents = async (userId: string) =>
    (await listInbox(suite.database.db, userId, { limit: 100 })).items
      .filter((e) => e.kind === 'payout')
      .map((e) => e.text);

  it('completes a withdrawal on payout.paid, once, and shows a failed payout with what to do', async () => {
    const context = await setUp();
    await fund(context, 100_000);
    const user = await creator(context, 200);
    const paidOne = await debitWithdrawal(context.deps(), user.id, { amount: 50 });
    await attemptWithdrawalTransfer(context.deps(), paidOne.id);
    const [paid] = await connectEvents(context, 'payout.paid', user.accountId);
    await handleConnectEvent(context.deps(), paid as Stripe.Event);
    await handleConnectEvent(context.deps(), paid as Stripe.Event);
    expect((await listWithdrawals(suite.database.db, user.id, { limit: 100 })).items[0]).toMatchObject({
      id: paidOne.id,
      status: 'paid',
      completedAt: expect.any(String),
    });
    // The creator's inbox says so, once however often the event comes (decision 130).
    expect(await payoutEvents(user.id)).toEqual(['Your withdrawal of $50 was paid out to your bank account.']);

    await control(context.base, `/sandbox/control/accounts/${user.accountId}/payouts`, { fail: true });
    const failedOne = await debitWithdrawal(context.deps(), user.id, { amount: 60 });
    await attemptWithdrawalTransfer(context.deps(), failedOne.id);
    const [failed] = await connectEvents(context, 'payout.failed', user.accountId);
    const [created] = (await connectEvents(context, 'payout.created', user.accountId)).slice(-1);
    await handleConnectEvent(context.deps(), failed as Stripe.Event);
    const shown = (await listWithdrawals(suite.database.db, user.id, { limit: 100 })).items.find(
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
    expect((await findWithdrawal(suite.database.db, failedOne.id))?.status).toBe('payout_failed');
    expect(await reconcile(suite.database.db)).toEqual({ isOk: true, lines: ['ok'] });
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
      const row = await findWithdrawal(suite.database.db, id);
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
    for (const id of [...carried, next.id]) expect((await findWithdrawal(suite.database.db, id))?.status).toBe('paid');
    // Each reached the bank: one inbox event per withdrawal, the failed ones included when paid at last.
    expect((await payoutEvents(user.id)).sort()).toEqual(
      [50, 50, 60, 70].map((n) => `Your withdrawal of $${n} was paid out to your bank account.`),
    );
    expect(await reconcile(suite.database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });
});
