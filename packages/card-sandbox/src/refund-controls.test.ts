import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { control, paidTopUp, received, setUp, waitFor } from './test-support';

type ErrorBody = { error: { type: string; code?: string; param?: string; message: string } };

describe('refunds and early fraud warnings', () => {
  it('refunds part of a payment, then the rest, with charge.refunded carrying the running amount_refunded', async () => {
    const context = await setUp();
    const { stripe, base, receiver } = context;
    const { sessionId, paymentIntent } = await paidTopUp(context);

    const partial = await control(base, '/sandbox/control/refunds', { checkout_session: sessionId, amount: 1000 });
    expect(partial.status).toBe(200);
    expect(await partial.json()).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded' });
    // The rest, through the API as the product's early-fraud-warning handler does, idempotently.
    const rest = await stripe.refunds.create(
      { payment_intent: paymentIntent, reason: 'fraudulent' },
      { idempotencyKey: 'refund-rest' },
    );
    const again = await stripe.refunds.create(
      { payment_intent: paymentIntent, reason: 'fraudulent' },
      { idempotencyKey: 'refund-rest' },
    );
    expect(again.id).toBe(rest.id);
    expect(rest).toMatchObject({ amount: 4100, payment_intent: paymentIntent, reason: 'fraudulent' });
    await waitFor(() => received(receiver, 'charge.refunded').length === 2, 'two charge.refunded');
    const charges = received(receiver, 'charge.refunded').map((e) => e.data.object as Stripe.Charge);
    expect(charges.map((c) => [c.amount_refunded, c.refunded])).toEqual([
      [1000, false],
      [5100, true],
    ]);
    expect(charges[0]?.payment_intent).toBe(paymentIntent);

    // Nothing left: refused as Stripe does.
    const none = await control(base, '/sandbox/control/refunds', { payment_intent: paymentIntent });
    expect(none.status).toBe(400);
    expect(((await none.json()) as ErrorBody).error.code).toBe('charge_already_refunded');
  });

  it('refuses to refund a disputed charge, as Stripe does', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const { paymentIntent } = await paidTopUp(context);
    expect((await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent })).status).toBe(200);
    const refused = await stripe.refunds
      .create({ payment_intent: paymentIntent })
      .catch((err: { code?: string }) => err);
    expect((refused as { code?: string }).code).toBe('charge_disputed');
    const byControl = await control(base, '/sandbox/control/refunds', { payment_intent: paymentIntent });
    expect(byControl.status).toBe(400);
    expect(((await byControl.json()) as ErrorBody).error.code).toBe('charge_disputed');
  });

  /**
   * Stripe: a refund the balance cannot cover is pending until new payments or a top-up cover it, and a
   * dispute of its charge meanwhile fails it.
   */
  it('keeps a refund the balance cannot cover pending until money comes in; a dispute fails one still pending', async () => {
    const context = await setUp();
    const { stripe, base, receiver } = context;
    const { paymentIntent } = await paidTopUp(context);
    const other = await paidTopUp(context);
    const balance = async (amount?: number) => {
      if (amount) await control(base, '/sandbox/control/balance', { amount });
      return (await stripe.balance.retrieve()).available[0]?.amount ?? 0;
    };
    // All but $10 of the balance is paid out to the platform's bank.
    await balance(1000 - (await balance()));
    expect((await control(base, '/sandbox/control/balance', { amount: -1001 })).status).toBe(400);

    const waiting = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 3000 });
    expect(waiting).toMatchObject({ status: 'pending', pending_reason: 'insufficient_funds' });
    expect(await balance()).toBe(1000);
    const covered = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 500 });
    expect(covered).toMatchObject({ status: 'succeeded', pending_reason: null });
    expect(await balance()).toBe(500);

    // $20 more is not enough; $26 is: the pending refund goes out, with refund.updated and
    // charge.refund.updated.
    expect(await balance(2000)).toBe(2500);
    expect(await balance(600)).toBe(100);
    await waitFor(() => received(receiver, 'refund.updated').length === 1, 'refund.updated');
    const released = received(receiver, 'refund.updated')[0];
    expect(released?.data.object).toMatchObject({ id: waiting.id, status: 'succeeded', pending_reason: null });
    expect(released?.data.previous_attributes).toEqual({ status: 'pending', pending_reason: 'insufficient_funds' });
    await waitFor(() => received(receiver, 'charge.refund.updated').length === 1, 'charge.refund.updated');

    // A refund still pending when its charge is disputed fails, and the dispute takes the money.
    const stuck = await stripe.refunds.create({ payment_intent: other.paymentIntent, amount: 4000 });
    expect(stuck.status).toBe('pending');
    expect((await control(base, '/sandbox/control/disputes', { payment_intent: other.paymentIntent })).status).toBe(
      200,
    );
    await waitFor(() => received(receiver, 'refund.failed').length === 1, 'refund.failed');
    expect(received(receiver, 'refund.failed')[0]?.data.object).toMatchObject({
      id: stuck.id,
      status: 'failed',
      failure_reason: 'charge_for_pending_refund_disputed',
    });
    const updates = received(receiver, 'refund.updated').filter(
      (e) => (e.data.object as { id: string }).id === stuck.id,
    );
    expect(updates.map((e) => e.data.previous_attributes)).toEqual([
      { status: 'pending', failure_reason: null, pending_reason: 'insufficient_funds' },
    ]);
    // The pending refund took nothing; the dispute took its amount and fee: the balance is below zero.
    expect(await balance()).toBe(100 - 5100 - 1500);
  });

  it('reads a charge by id, as a warning naming only the charge needs, and refuses an unknown one', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const { paymentIntent } = await paidTopUp(context);
    const warning = await control(base, '/sandbox/control/early_fraud_warnings', {
      payment_intent: paymentIntent,
      names_only_charge: true,
    });
    const { charge, payment_intent } = (await warning.json()) as { charge: string; payment_intent: string | null };
    expect(payment_intent).toBeNull();
    await control(base, '/sandbox/control/refunds', { payment_intent: paymentIntent, amount: 1000 });
    expect(await stripe.charges.retrieve(charge)).toMatchObject({
      id: charge,
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: 1000,
      refunded: false,
    });
    const unknown = await stripe.charges.retrieve('ch_unknown').catch((err: { code?: string }) => err);
    expect((unknown as { code?: string }).code).toBe('resource_missing');
  });

  it('fails a refund as a bank sending it back: refund.updated, refund.failed, charge.refund.updated, and its amount refundable again', async () => {
    const context = await setUp();
    const { stripe, base, receiver } = context;
    const { paymentIntent } = await paidTopUp(context);
    const refund = (await (
      await control(base, '/sandbox/control/refunds', { payment_intent: paymentIntent, amount: 1000 })
    ).json()) as Stripe.Refund;

    const failed = await control(base, `/sandbox/control/refunds/${refund.id}/fail`, {
      failure_reason: 'lost_or_stolen_card',
    });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({
      id: refund.id,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    for (const type of ['refund.updated', 'refund.failed', 'charge.refund.updated']) {
      await waitFor(() => received(receiver, type).length === 1, type);
      expect(received(receiver, type)[0]?.data.object).toMatchObject({ id: refund.id, amount: 1000, status: 'failed' });
    }
    expect(received(receiver, 'refund.updated')[0]?.data.previous_attributes).toEqual({
      status: 'succeeded',
      failure_reason: null,
    });
    // The earlier refund.created still shows the refund as it was made.
    expect(received(receiver, 'refund.created')[0]?.data.object).toMatchObject({ id: refund.id, status: 'succeeded' });
    const charge = await stripe.charges.retrieve(String(refund.charge));
    expect(charge).toMatchObject({ amount_refunded: 0, refunded: false });
    // The whole payment can be refunded again; a failed refund cannot fail twice; an unknown one is refused.
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(charge.amount);
    const twice = await control(base, `/sandbox/control/refunds/${refund.id}/fail`, {});
    expect(twice.status).toBe(400);
    const unknown = await control(base, '/sandbox/control/refunds/re_unknown/fail', {});
    expect(((await unknown.json()) as ErrorBody).error.code).toBe('resource_missing');
  });

  it('refuses a refund larger than what is left', async () => {
    const context = await setUp();
    const { paymentIntent } = await paidTopUp(context);
    const res = await control(context.base, '/sandbox/control/refunds', {
      payment_intent: paymentIntent,
      amount: 999_999,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('amount_too_large');
  });

  it('sends radar.early_fraud_warning.created naming the charge and payment intent', async () => {
    const context = await setUp();
    const { paymentIntent } = await paidTopUp(context);
    const res = await control(context.base, '/sandbox/control/early_fraud_warnings', { payment_intent: paymentIntent });
    expect(res.status).toBe(200);
    await waitFor(
      () => received(context.receiver, 'radar.early_fraud_warning.created').length === 1,
      'radar.early_fraud_warning.created',
    );
    expect(received(context.receiver, 'radar.early_fraud_warning.created')[0]?.data.object).toMatchObject({
      object: 'radar.early_fraud_warning',
      actionable: true,
      fraud_type: 'made_with_stolen_card',
      payment_intent: paymentIntent,
      charge: expect.stringMatching(/^ch_/),
    });
  });
});
