import { randomUUID } from 'node:crypto';
import { topUpPrice } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createGiftBatcher, type GiftPoster } from '../gifts/gift-batcher';
import { sendTip } from '../gifts/service';
import { clearDueEarnings, findUserBalances, PLATFORM_ACCOUNTS } from '../ledger/service';
import { debitWithdrawal } from '../payouts/service';
import { insertTopUp } from './repo';
import { handleWebhookEvent } from './service';

// What the clawback suites share: a database, the provider's events as the webhook handler gets them, and
// the balances, losses and clearing they check.

export const DAY_MS = 24 * 60 * 60 * 1000;
export const CLEARING_DAYS = 7;

/** One of a dispute's balance transactions: the money withdrawn with the fee, or given back. */
export const disputeTransaction = (fee: number) => ({ id: `txn_${randomUUID()}`, object: 'balance_transaction', fee });

/**
 * A fresh database of `kind` and the helpers the clawback tests drive it with (top-ups, refunds and
 * disputes delivered as webhook events, tips, withdrawals, balances): registers the suite's
 * beforeAll/afterAll and returns them.
 */
export function useClawbackSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  let post: GiftPoster;
  const { logger, lines: logLines } = captureLogger();
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    post = createGiftBatcher(database.db);
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const event = (type: string, object: Record<string, unknown>) =>
    ({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object } }) as unknown as Stripe.Event;
  const deliver = (type: string, object: Record<string, unknown>) =>
    handleWebhookEvent(db(), logger, event(type, object));

  /** A paid top-up of `quantity` tokens; answers its payment intent. */
  async function topUp(userId: string, quantity: number) {
    const sessionId = `cs_test_${randomUUID()}`;
    const paymentIntent = `pi_${randomUUID()}`;
    const { totalCents } = topUpPrice(quantity);
    await insertTopUp(db(), { id: sessionId, userId, quantity, totalCents });
    await deliver('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: totalCents,
      currency: 'usd',
      payment_intent: paymentIntent,
    });
    return { paymentIntent, totalCents, chargeId: `ch_${randomUUID()}` };
  }
  /** A card refund of `amount` cents of a paid top-up, as the provider's refund events carry it. */
  const refundOf = (paid: Awaited<ReturnType<typeof topUp>>, amount: number) => ({
    id: `re_${randomUUID()}`,
    object: 'refund',
    amount,
    charge: paid.chargeId,
    payment_intent: paid.paymentIntent,
    status: 'succeeded',
  });
  /**
   * A dispute of the whole payment as the provider's events carry it, its money withdrawn with a $15 fee; an
   * inquiry withdraws nothing, so has no balance transaction.
   */
  const disputeOf = (paid: Awaited<ReturnType<typeof topUp>>, status = 'needs_response') => ({
    id: `dp_${randomUUID()}`,
    object: 'dispute',
    amount: paid.totalCents,
    payment_intent: paid.paymentIntent,
    status,
    balance_transactions: status.startsWith('warning_') ? [] : [disputeTransaction(1500)],
  });
  /** The dispute won: its amount is reinstated, its fee kept (Stripe keeps the dispute fee). */
  const wonOf = (dispute: ReturnType<typeof disputeOf>, returnedFee = 0) => ({
    ...dispute,
    status: 'won',
    balance_transactions: [...dispute.balance_transactions, disputeTransaction(-returnedFee)],
  });
  const tip = (buyerId: string, recipientId: string, amount: number) =>
    sendTip(db(), post, buyerId, { recipientId, amount });
  const balances = (userId: string) => findUserBalances(db(), userId);
  async function enablePayouts(userId: string) {
    await db().execute(sql`
      insert into payout_accounts (user_id, provider_account_id, payouts_enabled, details_submitted)
      values (${userId}, ${`acct_${randomUUID()}`}, true, true)`);
  }
  const withdraw = (userId: string, amount: number) =>
    debitWithdrawal({ db: db() }, userId, { amount }).then(
      () => 'ok',
      (err: { message?: string }) => err.message,
    );
  const lossCents = async () => {
    const [row] = await queryRows<{ sum: string | null }>(
      db(),
      sql`select sum(amount_cents) as sum from ledger_entries where account_id = ${PLATFORM_ACCOUNTS.loss}`,
    );
    return -Number(row?.sum ?? 0);
  };
  const clearAt = (now: Date) => clearDueEarnings(db(), { clearingDays: CLEARING_DAYS, now });

  return {
    db,
    logLines,
    deliver,
    topUp,
    refundOf,
    disputeOf,
    wonOf,
    tip,
    balances,
    enablePayouts,
    withdraw,
    lossCents,
    clearAt,
  };
}
