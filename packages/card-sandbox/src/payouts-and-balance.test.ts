import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  control,
  onboardedAccount,
  paidTopUp,
  pay,
  received,
  type SandboxContext,
  SECRET_KEY,
  setUp,
  topUp,
  waitFor,
  withdrawal,
} from './test-support';
import { untilWebhooksDelivered } from './webhooks-delivered';

/** A sandbox whose card funds stay pending for an hour, on a clock the test moves. */
async function withPendingFunds() {
  const clock = { now: Date.now() };
  const context = await setUp({ fundsAvailableAfterSeconds: 3600, now: () => new Date(clock.now) });
  return { ...context, clock };
}

async function payTopUp(context: SandboxContext) {
  const session = await context.stripe.checkout.sessions.create(topUp());
  expect((await pay(context.base, session.id)).status).toBe(303);
}

describe('platform balance', () => {
  it('keeps card funds pending, refuses a transfer with balance_insufficient as Stripe does, then pays it once available', async () => {
    const context = await withPendingFunds();
    const { stripe, receiver, clock } = context;
    const account = await onboardedAccount(context);
    await payTopUp(context);
    expect(await stripe.balance.retrieve()).toMatchObject({
      available: [{ amount: 0, currency: 'usd' }],
      pending: [{ amount: 5100, currency: 'usd' }],
    });

    const refused = await stripe.transfers
      .create(withdrawal(account.id, 'w1'), { idempotencyKey: 'withdrawal:w1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ code: 'balance_insufficient', statusCode: 400, type: 'StripeInvalidRequestError' });
    // Decided by the state of things: stored under the key, so the same key gets the same refusal.
    const replay = await stripe.transfers
      .create(withdrawal(account.id, 'w1'), { idempotencyKey: 'withdrawal:w1' })
      .catch((error: unknown) => error);
    expect(replay).toMatchObject({ code: 'balance_insufficient' });
    expect((await stripe.transfers.list({ transfer_group: 'withdrawal_w1' })).data).toEqual([]);

    clock.now += 3600_000;
    // The sandbox's timer runs on real time: the balance lookup settles what is due on the moved clock.
    expect(await stripe.balance.retrieve()).toMatchObject({ available: [{ amount: 5100 }], pending: [{ amount: 0 }] });
    await waitFor(() => received(receiver, 'balance.available').length === 1, 'balance.available');
    expect(received(receiver, 'balance.available')[0]?.data.object).toMatchObject({
      object: 'balance',
      available: [{ amount: 5100, currency: 'usd' }],
    });

    const transfer = await stripe.transfers.create(
      { ...withdrawal(account.id, 'w1'), transfer_group: 'withdrawal_w1' },
      { idempotencyKey: 'withdrawal:w1:2' },
    );
    expect(transfer.amount).toBe(5000);
    expect((await stripe.balance.retrieve()).available[0]?.amount).toBe(100);
    expect((await stripe.transfers.list({ transfer_group: 'withdrawal_w1' })).data.map((t) => t.id)).toEqual([
      transfer.id,
    ]);
    // A reversal gives the amount back to the available balance.
    await stripe.transfers.createReversal(transfer.id);
    expect((await stripe.balance.retrieve()).available[0]?.amount).toBe(5100);
  });

  /**
   * Stripe: "Refunds use your available Stripe balance (not including pending amounts)"; one it does not
   * cover is pending until the balance does, and goes out when the card funds settle.
   */
  it('keeps a refund pending while the card funds that would cover it are still pending; sends it when they settle', async () => {
    const context = await withPendingFunds();
    const { stripe, receiver, clock } = context;
    const { paymentIntent } = await paidTopUp(context);

    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    expect(refund).toMatchObject({ status: 'pending', pending_reason: 'insufficient_funds' });
    expect(await stripe.balance.retrieve()).toMatchObject({ available: [{ amount: 0 }], pending: [{ amount: 5100 }] });

    clock.now += 3600_000;
    expect(await stripe.balance.retrieve()).toMatchObject({ available: [{ amount: 4100 }], pending: [{ amount: 0 }] });
    await waitFor(() => received(receiver, 'refund.updated').length === 1, 'refund.updated');
    expect(received(receiver, 'refund.updated')[0]?.data.object).toMatchObject({ id: refund.id, status: 'succeeded' });
  });

  it('adds available funds by test control', async () => {
    const context = await withPendingFunds();
    const answer = await control(context.base, '/sandbox/control/balance', { amount: 2500 });
    expect(await answer.json()).toMatchObject({ object: 'balance', available: [{ amount: 2500 }] });
    expect((await control(context.base, '/sandbox/control/balance', { amount: 0 })).status).toBe(400);
  });
});

describe('Connect events and payouts on connected accounts', () => {
  it('pays a transfer out to the account: payout.created and payout.paid to the Connect endpoint, matched by balance transactions', async () => {
    const context = await setUp();
    const { stripe, receiver, connectReceiver } = context;
    const account = await onboardedAccount(context);
    const transfer = await stripe.transfers.create(withdrawal(account.id, 'w2', 7000));
    await waitFor(() => received(connectReceiver, 'payout.paid').length === 1, 'payout.paid');
    const paid = received(connectReceiver, 'payout.paid')[0] as Stripe.Event;
    expect(paid).toMatchObject({ account: account.id, data: { object: { amount: 7000, status: 'paid' } } });
    expect(received(connectReceiver, 'payout.created')).toHaveLength(1);
    // Connect events never reach the platform's endpoint, and the transfer's event never the Connect one.
    expect(receiver.events.filter((e) => e.type.startsWith('payout.') || e.type === 'account.updated')).toEqual([]);
    expect(received(connectReceiver, 'transfer.created')).toEqual([]);

    const payout = paid.data.object as Stripe.Payout;
    const transactions = await stripe.balanceTransactions.list({ payout: payout.id }, { stripeAccount: account.id });
    // The payout's own transaction, then the transfer's payment it carried.
    expect(transactions.data.map((t) => [t.type, t.source, t.amount])).toEqual([
      ['payout', payout.id, -7000],
      ['payment', transfer.destination_payment, 7000],
    ]);
    expect(await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).toMatchObject({
      id: payout.id,
      status: 'paid',
    });
    // Another account cannot read it.
    const other = await onboardedAccount(context);
    await expect(stripe.payouts.retrieve(payout.id, {}, { stripeAccount: other.id })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('holds an account’s payouts, then pays what waited out in one payout whose transactions come in pages', async () => {
    const context = await setUp();
    const { stripe, connectReceiver, base } = context;
    const account = await onboardedAccount(context);
    const held = await control(base, `/sandbox/control/accounts/${account.id}/payouts`, { hold: true });
    expect(await held.json()).toMatchObject({ payouts_held: true, released_payout: null });
    const transfers = [];
    for (const [i, amount] of [5000, 6000, 7000].entries()) {
      transfers.push(await stripe.transfers.create(withdrawal(account.id, `held${i}`, amount)));
    }
    await untilWebhooksDelivered(base, SECRET_KEY);
    expect(received(connectReceiver, 'payout.created')).toEqual([]);

    const released = await control(base, `/sandbox/control/accounts/${account.id}/payouts`, { hold: false });
    const { released_payout: payoutId } = (await released.json()) as { released_payout: string };
    await waitFor(() => received(connectReceiver, 'payout.paid').length === 1, 'payout.paid');
    expect(received(connectReceiver, 'payout.paid')[0]).toMatchObject({
      data: { object: { id: payoutId, amount: 18000, status: 'paid' } },
    });
    // Two to a page, newest first, as Stripe lists them; the SDK reads every page.
    const first = await stripe.balanceTransactions.list({ payout: payoutId, limit: 2 }, { stripeAccount: account.id });
    expect(first.has_more).toBe(true);
    const all = await stripe.balanceTransactions
      .list({ payout: payoutId, limit: 2 }, { stripeAccount: account.id })
      .autoPagingToArray({ limit: 100 });
    expect(all.map((t) => [t.type, t.source, t.amount])).toEqual([
      ['payout', payoutId, -18000],
      ...transfers.reverse().map((t) => ['payment', t.destination_payment, t.amount]),
    ]);
    // Released: the next transfer is paid out at once again.
    await stripe.transfers.create(withdrawal(account.id, 'after', 5000));
    await waitFor(() => received(connectReceiver, 'payout.paid').length === 2, 'the next payout.paid');
  });

  it('fails an account’s payouts when told to (payout.failed with Stripe’s code and message)', async () => {
    const context = await setUp();
    const { stripe, connectReceiver, base } = context;
    const account = await onboardedAccount(context);
    const set = await control(base, `/sandbox/control/accounts/${account.id}/payouts`, {
      fail: true,
      failure_code: 'no_account',
    });
    expect(await set.json()).toMatchObject({ payouts_enabled: true, payout_failure_code: 'no_account' });
    await stripe.transfers.create(withdrawal(account.id, 'w3'));
    await waitFor(() => received(connectReceiver, 'payout.failed').length === 1, 'payout.failed');
    expect(received(connectReceiver, 'payout.failed')[0]).toMatchObject({
      account: account.id,
      data: {
        object: {
          status: 'failed',
          failure_code: 'no_account',
          failure_message: 'The bank account details on file are probably incorrect.',
        },
      },
    });
    expect(received(connectReceiver, 'payout.paid')).toEqual([]);
    expect((await control(base, `/sandbox/control/accounts/${account.id}/payouts`, {})).status).toBe(400);
  });

  it('disables an account’s payouts with account.updated, then refuses transfers to it', async () => {
    const context = await setUp();
    const { stripe, connectReceiver, base } = context;
    const account = await onboardedAccount(context);
    await waitFor(() => received(connectReceiver, 'account.updated').length === 1, 'onboarding');
    const set = await control(base, `/sandbox/control/accounts/${account.id}/payouts`, { enabled: false });
    expect(await set.json()).toMatchObject({ payouts_enabled: false });
    await waitFor(() => received(connectReceiver, 'account.updated').length === 2, 'account.updated');
    const updated = received(connectReceiver, 'account.updated')[1] as Stripe.Event;
    expect(updated).toMatchObject({
      account: account.id,
      data: {
        object: { id: account.id, payouts_enabled: false, requirements: { disabled_reason: 'requirements.past_due' } },
        previous_attributes: { payouts_enabled: true },
      },
    });
    await expect(stripe.transfers.create(withdrawal(account.id, 'w4'))).rejects.toMatchObject({
      code: 'insufficient_capabilities_for_transfer',
    });
    // Setting it again to what it is sends nothing.
    await control(base, `/sandbox/control/accounts/${account.id}/payouts`, { enabled: false });
    await untilWebhooksDelivered(base, SECRET_KEY);
    expect(received(connectReceiver, 'account.updated')).toHaveLength(2);
  });
});
