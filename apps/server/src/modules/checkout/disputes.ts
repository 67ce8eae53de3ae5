import type Stripe from 'stripe';
import type { CardPayments } from '../../adapters/payments/card-payments';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { walletAccountId } from '../wallet/accounts';
import { changeSpendHolds, findTransferByExternalRef } from '../wallet/repo';
import { clawBack, restoreClawback } from './clawback';
import { closeDisputeRow, findTopUp, insertDispute, lockDispute, lockTopUp, recordTopUpRefunded } from './repo';

/**
 * Card refunds and disputes of top-ups (design.md section 3, decision 017). Each handler runs inside the
 * webhook's transaction, so its effect commits with the event's record and happens once; each clawback has
 * its own key too, so a second event about the same refund or dispute takes nothing more.
 */

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

/** The top-up a card payment paid for, with its ledger transfer. */
async function topUpOfPayment(db: Database, paymentIntent: string | undefined) {
  const payment = paymentIntent ? await findTransferByExternalRef(db, paymentIntent) : undefined;
  if (payment?.kind !== 'top_up') return undefined;
  const topUp = await findTopUp(db, payment.idempotencyKey.replace(/^top_up:/, ''));
  return topUp ? { topUp, transferId: payment.id } : undefined;
}

/** The tokens the first `cents` of a top-up's payment bought (a share of its tokens, rounded). */
function tokensOfPayment(topUp: { quantity: number; totalCents: number }, cents: number): number {
  return Math.round((topUp.quantity * 100 * cents) / topUp.totalCents);
}

/** The provider's fee for a dispute, from its balance transactions (Stripe debits it when the dispute opens). */
function disputeFeeCents(dispute: Stripe.Dispute): number {
  return (dispute.balance_transactions ?? []).reduce((sum, t) => sum + Math.max(0, t.fee ?? 0), 0);
}

/**
 * charge.dispute.created: the disputed amount's tokens are taken back (clawback.ts), and the buyer cannot
 * spend until the dispute closes.
 */
export async function openDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  const paymentIntent = idOf(dispute.payment_intent);
  const found = await topUpOfPayment(db, paymentIntent);
  if (!found) {
    logger.warn({ disputeId: dispute.id, paymentIntent }, 'a dispute of a payment that is not one of our top-ups');
    return;
  }
  const { topUp, transferId } = found;
  const tokensCents = Math.min(tokensOfPayment(topUp, dispute.amount), topUp.quantity * 100);
  const feeCents = disputeFeeCents(dispute);
  const inserted = await insertDispute(db, {
    id: dispute.id,
    topUpId: topUp.id,
    userId: topUp.userId,
    amountCents: dispute.amount,
    debitedCents: 0,
    receivableCents: 0,
    feeCents,
  });
  if (!inserted) return;
  const result = await clawBack(db, {
    id: `dispute:${dispute.id}`,
    kind: 'dispute',
    topUpTransferId: transferId,
    buyerId: topUp.userId,
    amountCents: dispute.amount,
    tokensCents,
    providerFeeCents: feeCents,
  });
  logger.info({ disputeId: dispute.id, ...result }, 'a dispute of a top-up took its tokens back');
  await changeSpendHolds(db, walletAccountId(topUp.userId), 1);
  await notifyChange(db, { topic: 'wallet', userId: topUp.userId });
}

/**
 * charge.dispute.closed: won, everything the dispute took is given back; lost, it stays. Either way the
 * hold is lifted. A close heard before the open applies the open first.
 */
export async function closeDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  let row = await lockDispute(db, dispute.id);
  if (!row) {
    await openDispute(db, logger, dispute);
    row = await lockDispute(db, dispute.id);
  }
  if (row?.status !== 'open') return;
  const isLost = dispute.status === 'lost';
  if (!isLost) await restoreClawback(db, logger, `dispute:${row.id}`);
  await closeDisputeRow(db, row.id, isLost ? 'lost' : 'won');
  await changeSpendHolds(db, walletAccountId(row.userId), -1);
  await notifyChange(db, { topic: 'wallet', userId: row.userId });
}

/**
 * charge.refunded (full or partial, from the Dashboard, the API or an early fraud warning): acts on the
 * growth of `amount_refunded` since the last one acted on, so each refund takes its share once, and a
 * repeated or older event nothing.
 */
export async function applyRefund(db: Database, logger: Logger, charge: Stripe.Charge): Promise<void> {
  const found = await topUpOfPayment(db, idOf(charge.payment_intent));
  if (!found) {
    logger.warn({ chargeId: charge.id }, 'a refund of a payment that is not one of our top-ups');
    return;
  }
  const topUp = await lockTopUp(db, found.topUp.id);
  if (!topUp || charge.amount_refunded <= topUp.refundedCents) return;
  const refunded = Math.min(charge.amount_refunded, topUp.totalCents);
  const tokensCents = tokensOfPayment(topUp, refunded) - tokensOfPayment(topUp, topUp.refundedCents);
  await recordTopUpRefunded(db, topUp.id, refunded);
  const result = await clawBack(db, {
    id: `refund:${charge.id}:${refunded}`,
    kind: 'refund',
    topUpTransferId: found.transferId,
    buyerId: topUp.userId,
    amountCents: refunded - topUp.refundedCents,
    tokensCents,
    providerFeeCents: 0,
  });
  logger.info({ chargeId: charge.id, refunded, ...result }, 'a refund of a top-up took its tokens back');
}

/**
 * radar.early_fraud_warning.created: the card's issuer reports fraud, a dispute likely follows. The top-up
 * is refunded at once (Stripe's advice: a refunded charge cannot be disputed); the refund's own
 * charge.refunded event then takes the tokens back. The warning's id keys the refund, so a repeated
 * delivery makes none. A failed call throws: the provider delivers the event again later.
 */
export async function refundOnFraudWarning(
  db: Database,
  logger: Logger,
  payments: CardPayments | undefined,
  warning: Stripe.Radar.EarlyFraudWarning,
): Promise<void> {
  if (!payments || !warning.actionable) return;
  const paymentIntent = await paymentIntentOfWarning(payments, warning);
  if (!(await topUpOfPayment(db, paymentIntent))) {
    logger.warn({ warningId: warning.id, paymentIntent }, 'an early fraud warning for a payment that is not a top-up');
    return;
  }
  try {
    await payments.stripe.refunds.create(
      { payment_intent: paymentIntent, reason: 'fraudulent', metadata: { early_fraud_warning: warning.id } },
      { idempotencyKey: `early_fraud_warning:${warning.id}` },
    );
  } catch (err) {
    if ((err as { code?: string }).code === 'charge_already_refunded') return;
    throw err;
  }
  logger.info({ warningId: warning.id, paymentIntent }, 'a top-up with an early fraud warning was refunded');
}

/**
 * The payment intent a warning is about. Stripe documents the warning's `payment_intent` as nullable (it
 * always names the charge), so without one the charge is read from the provider for it.
 */
async function paymentIntentOfWarning(
  payments: CardPayments,
  warning: Stripe.Radar.EarlyFraudWarning,
): Promise<string | undefined> {
  const named = idOf(warning.payment_intent);
  if (named) return named;
  const chargeId = idOf(warning.charge);
  if (!chargeId) return undefined;
  return idOf((await payments.stripe.charges.retrieve(chargeId)).payment_intent);
}
