import { untilWebhooksDelivered } from '@sweetwish/card-sandbox/webhooks-delivered';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { seedTokens } from '../../../test/seed';
import { queryRows } from '../../db/client';
import { until, usePayoutsSandbox } from './payouts-fixtures';

/**
 * Disputes and inquiries of top-ups on a real server with the local card sandbox, with webhooks delivered
 * (and redelivered) over HTTP; reconciled after each.
 */
describe.skipIf(!databaseKinds().includes('postgres'))('payouts through the card sandbox: disputes', () => {
  const sandbox = usePayoutsSandbox();
  const { call, control, newUser, balance, expectReconciled, topUp, disputeRow } = sandbox;

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
    await seedTokens(sandbox.database.db, fan.id, 500); // a gift received meanwhile still arrives
    const held = await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 1 });
    expect(held.status).toBe(403);
    expect(((await held.json()) as { error: { message: string } }).error.message).toBe(WALLET_MESSAGES.onHold);

    // Delivered again: no second effect.
    const [created] = await queryRows<{ id: string }>(
      sandbox.database.db,
      sql`select id from webhook_events where type = 'charge.dispute.created' order by received_at desc limit 1`,
    );
    expect((await control('/sandbox/control/webhooks/redeliver', { event_id: created?.id })).status).toBe(200);
    await untilWebhooksDelivered(sandbox.base, sandbox.secretKey);
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
        sandbox.database.db,
        sql`select status from card_refunds where id = ${refund.id}`,
      );
      return row?.status === 'failed';
    });
    await untilWebhooksDelivered(sandbox.base, sandbox.secretKey);
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
    await untilWebhooksDelivered(sandbox.base, sandbox.secretKey);
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
    await seedTokens(sandbox.database.db, fan.id, 300);
    const creator = await newUser();
    expect((await call(fan, 'POST', '/tips', { recipientId: creator.id, amount: 1 })).status).toBe(201);
    await expectReconciled();
  });
});
