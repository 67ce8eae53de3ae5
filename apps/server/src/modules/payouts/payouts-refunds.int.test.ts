import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { refundOnFraudWarning } from '../checkout/refunds';
import { until, usePayoutsSandbox } from './payouts-fixtures';

/**
 * Refunds of top-ups on early fraud warnings and refunds the card bank returns, on a real server with the
 * local card sandbox; reconciled after each.
 */
describe.skipIf(!databaseKinds().includes('postgres'))('payouts through the card sandbox: refunds', () => {
  const sandbox = usePayoutsSandbox();
  const { call, control, newUser, balance, expectReconciled, topUp } = sandbox;

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
    const refunds = await sandbox.stripe.refunds
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
    const payments = { stripe: sandbox.stripe, webhookSecret: '', connectWebhookSecret: '', sandbox: undefined };
    const warning = { id: 'issfr_late', object: 'radar.early_fraud_warning', actionable: true };
    await refundOnFraudWarning(sandbox.database.db, logger, payments, {
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
    const again = await sandbox.stripe.refunds
      .create({ payment_intent: paymentIntent })
      .catch((err: { code?: string }) => err);
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
      const pending = await fetch(`${sandbox.base}/sandbox/control/webhooks/pending`, {
        headers: { Authorization: `Bearer ${sandbox.secretKey}` },
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
    expect((await sandbox.stripe.refunds.create({ payment_intent: paymentIntent })).status).toBe('succeeded');
    await until(async () => (await balance(fan)) === 0);
    await until(async () => (await balance(creator)) === 0);
    await expectReconciled();
  });
});
