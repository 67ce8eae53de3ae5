import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { control, paidTopUp, received, setUp, topUp, waitFor } from './test-support';

type ErrorBody = { error: { type: string; code?: string; param?: string; message: string } };

describe('test control: disputes', () => {
  it('opens a dispute on a top-up named by its checkout session; the dispute leads back to its payment', async () => {
    const context = await setUp();
    const { stripe, base, receiver } = context;
    const { sessionId, paymentIntent } = await paidTopUp(context);
    const availableCents = async () => (await stripe.balance.retrieve()).available[0]?.amount;
    const availableBefore = await availableCents();

    const opened = await control(base, '/sandbox/control/disputes', { checkout_session: sessionId });
    expect(opened.status).toBe(200);
    const dispute = (await opened.json()) as Stripe.Dispute;
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 5100,
      currency: 'usd',
      payment_intent: paymentIntent,
      status: 'needs_response',
      reason: 'fraudulent',
      intended_submission_method: null,
      evidence_details: { has_evidence: false, submission_method: 'not_submitted' },
    });
    expect(dispute.charge).toMatch(/^ch_/);

    // The same payment cannot be disputed twice, whichever way it is named.
    const twice = await control(base, '/sandbox/control/disputes', { checkout_session: sessionId });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as ErrorBody).error.param).toBe('checkout_session');
    expect((await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent })).status).toBe(400);

    const closed = await control(base, `/sandbox/control/disputes/${dispute.id}/close`, { status: 'won' });
    expect(((await closed.json()) as Stripe.Dispute).status).toBe('won');
    await waitFor(() => received(receiver, 'charge.dispute.closed').length === 1, 'charge.dispute.closed');
    expect(received(receiver, 'charge.dispute.created')[0]?.data.object).toMatchObject({
      id: dispute.id,
      payment_intent: paymentIntent,
      charge: dispute.charge,
    });
    expect(received(receiver, 'charge.dispute.closed')[0]?.data.object).toMatchObject({
      id: dispute.id,
      payment_intent: paymentIntent,
      status: 'won',
    });
    const listed = await stripe.events.list({ type: 'charge.dispute.*' });
    expect(listed.data.map((e) => [e.type, (e.data.object as Stripe.Dispute).status])).toEqual([
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.created', 'needs_response'],
    ]);
    // The money and a $15 fee leave with the withdrawal (not yet in `created`); a win gives back the money.
    const transactionsOf = (type: string) => {
      const event = listed.data.find((e) => e.type === type);
      return (event?.data.object as Stripe.Dispute | undefined)?.balance_transactions.map((t) => ({
        amount: t.amount,
        fee: t.fee,
        net: t.net,
        source: t.source,
        type: t.type,
      }));
    };
    const withdrawal = { amount: -5100, fee: 1500, net: -6600, source: dispute.id, type: 'adjustment' };
    const reinstatement = { amount: 5100, fee: 0, net: 5100, source: dispute.id, type: 'adjustment' };
    expect(transactionsOf('charge.dispute.created')).toEqual([]);
    expect(transactionsOf('charge.dispute.funds_withdrawn')).toEqual([withdrawal]);
    expect(transactionsOf('charge.dispute.closed')).toEqual([withdrawal, reinstatement]);
    expect(await availableCents()).toBe((availableBefore ?? 0) - 1500);
    const again = await control(base, `/sandbox/control/disputes/${dispute.id}/close`, { status: 'lost' });
    expect(again.status).toBe(400);
  });

  it('opens an inquiry that withdraws nothing and can be refunded; escalated, it is a chargeback', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const { paymentIntent } = await paidTopUp(context);
    const opened = await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent, inquiry: true });
    const inquiry = (await opened.json()) as Stripe.Dispute;
    expect(inquiry).toMatchObject({ status: 'warning_needs_response', is_charge_refundable: true });
    expect(await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100 })).toMatchObject({ amount: 100 });

    const escalated = await control(base, `/sandbox/control/disputes/${inquiry.id}/escalate`, {});
    expect(await escalated.json()).toMatchObject({ status: 'needs_response', is_charge_refundable: false });
    const refused = await stripe.refunds
      .create({ payment_intent: paymentIntent })
      .catch((err: { code?: string }) => err);
    expect((refused as { code?: string }).code).toBe('charge_disputed');
    const listed = await stripe.events.list({ type: 'charge.dispute.*' });
    expect(listed.data.map((e) => [e.type, (e.data.object as Stripe.Dispute).status])).toEqual([
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.updated', 'needs_response'],
      ['charge.dispute.created', 'warning_needs_response'],
    ]);
    expect((await control(base, `/sandbox/control/disputes/${inquiry.id}/escalate`, {})).status).toBe(400);
  });

  it('closes an inquiry as warning_closed, with nothing withdrawn', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const { paymentIntent } = await paidTopUp(context);
    const opened = await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent, inquiry: true });
    const inquiry = (await opened.json()) as Stripe.Dispute;
    const closed = await control(base, `/sandbox/control/disputes/${inquiry.id}/close`, { status: 'won' });
    expect(((await closed.json()) as Stripe.Dispute).status).toBe('warning_closed');
    const listed = await stripe.events.list({ type: 'charge.dispute.*' });
    expect(listed.data.map((e) => e.type)).toEqual(['charge.dispute.closed', 'charge.dispute.created']);
  });

  it('refuses an unpaid or unknown session, both names at once, and neither', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const open = await stripe.checkout.sessions.create(topUp());
    const { sessionId, paymentIntent } = await paidTopUp(context);

    const unpaid = await control(base, '/sandbox/control/disputes', { checkout_session: open.id });
    expect(unpaid.status).toBe(400);
    const unpaidError = ((await unpaid.json()) as ErrorBody).error;
    expect(unpaidError).toMatchObject({ type: 'invalid_request_error', param: 'checkout_session' });
    expect(unpaidError.message).toContain('is not paid (status: open, payment_status: unpaid)');

    const unknown = await control(base, '/sandbox/control/disputes', { checkout_session: 'cs_test_nope' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'checkout_session',
      message: "No such checkout.session: 'cs_test_nope'",
    });

    const both = await control(base, '/sandbox/control/disputes', {
      checkout_session: sessionId,
      payment_intent: paymentIntent,
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as ErrorBody).error.message).toContain('only specify one');

    const neither = await control(base, '/sandbox/control/disputes', { reason: 'fraudulent' });
    expect(neither.status).toBe(400);
    expect(((await neither.json()) as ErrorBody).error).toMatchObject({
      code: 'parameter_missing',
      param: 'payment_intent',
    });
    // None of these opened anything: the paid session can still be disputed.
    expect((await control(base, '/sandbox/control/disputes', { checkout_session: sessionId })).status).toBe(200);
  });
});
