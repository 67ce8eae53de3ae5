import type Stripe from 'stripe';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { clawBack, restoreClawback } from './clawback';
import { DELETED_ACCOUNT_REFUND } from './deleted-accounts';
import { retakeForDisputes } from './disputes';
import { insertCardRefund, lockCardRefund, lockTopUp, markCardRefundFailed, recordTopUpRefunded } from './repo';
import { idOf, tokensOfPayment, topUpOfPayment } from './top-up-of-payment';

/**
 * Card refunds of top-ups (decision 044), full or partial, from the Dashboard, the API or an early fraud
 * warning. Each refund is acted on by its id: made (`refund.created`, or a `refund.updated` heard first), it
 * takes its tokens back once; failed or canceled (the card's bank sent the money back: `refund.failed`,
 * `refund.updated`), it gives back exactly what it took. Each handler runs inside the webhook's transaction.
 */
export async function applyRefund(db: Database, logger: Logger, refund: Stripe.Refund): Promise<void> {
  const isFailed = refund.status === 'failed' || refund.status === 'canceled';
  const found = await topUpOfPayment(db, idOf(refund.payment_intent));
  if (!found && refund.metadata?.[DELETED_ACCOUNT_REFUND]) {
    // Our refund of a top-up paid after its account was deleted: it credited nothing, so takes nothing.
    if (isFailed) logger.error({ refundId: refund.id }, 'a refund of a deleted account’s top-up failed: refund it');
    return;
  }
  if (!found) {
    logger.warn(
      { refundId: refund.id, chargeId: idOf(refund.charge) },
      'a refund of a payment that is not one of our top-ups',
    );
    return;
  }
  // The top-up is locked first (its refunded_cents is read and written), then the refund's row.
  const topUp = await lockTopUp(db, found.topUp.id);
  if (!topUp) return;
  const row = await lockCardRefund(db, refund.id);
  if (!row) {
    await insertCardRefund(db, {
      id: refund.id,
      topUpId: topUp.id,
      amountCents: refund.amount,
      status: isFailed ? 'failed' : 'refunded',
    });
    if (isFailed) {
      logger.warn({ refundId: refund.id }, 'a refund failed before it was heard of: it takes nothing');
      return;
    }
    await takeBack(db, logger, refund, topUp, found.transferId);
    return;
  }
  if (isFailed && row.status === 'refunded')
    await giveBack(db, logger, refund, topUp, found.transferId, row.amountCents);
}

type TopUp = NonNullable<Awaited<ReturnType<typeof lockTopUp>>>;

async function takeBack(db: Database, logger: Logger, refund: Stripe.Refund, topUp: TopUp, topUpTransferId: string) {
  const refunded = Math.min(topUp.refundedCents + refund.amount, topUp.totalCents);
  const tokensCents = tokensOfPayment(topUp, refunded) - tokensOfPayment(topUp, topUp.refundedCents);
  await recordTopUpRefunded(db, topUp.id, refunded);
  const result = await clawBack(db, {
    id: `refund:${refund.id}`,
    kind: 'refund',
    topUpTransferId,
    buyerId: topUp.userId,
    amountCents: refunded - topUp.refundedCents,
    tokensCents,
  });
  logger.info({ refundId: refund.id, refunded, ...result }, 'a refund of a top-up took its tokens back');
}

/**
 * The money is back with us, not with the buyer: the tokens and the gifts they paid for are restored as a
 * won dispute restores them, and the operator refunds the buyer another way (Stripe's advice). Unless the
 * refund failed because the payment was disputed: then the dispute takes them (decision 047).
 */
async function giveBack(
  db: Database,
  logger: Logger,
  refund: Stripe.Refund,
  topUp: TopUp,
  topUpTransferId: string,
  amountCents: number,
) {
  await restoreClawback(db, logger, `refund:${refund.id}`, 'refund_reversal');
  await markCardRefundFailed(db, refund.id);
  await recordTopUpRefunded(db, topUp.id, Math.max(0, topUp.refundedCents - amountCents));
  const failure = {
    refundId: refund.id,
    userId: topUp.userId,
    amountCents,
    failureReason: refund.failure_reason ?? null,
  };
  if (await retakeForDisputes(db, logger, topUp, topUpTransferId, refund.id)) {
    logger.info(failure, 'a refund of a disputed top-up failed: the dispute took its tokens');
    return;
  }
  logger.warn(failure, 'a refund of a top-up failed: its tokens are back in the wallet; refund the buyer another way');
}

/**
 * radar.early_fraud_warning.created: the card's issuer reports fraud, a dispute likely follows. The top-up
 * is refunded at once (Stripe's advice: a refunded charge cannot be disputed); the refund's own
 * refund.created event then takes the tokens back. The warning's id keys the refund, so a repeated
 * delivery makes none. A payment disputed since cannot be refunded: its dispute takes the tokens instead.
 * Any other failed call throws: the provider delivers the event again later.
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
    const code = (err as { code?: string }).code;
    if (code === 'charge_already_refunded') return;
    // The payment was disputed after the warning was sent: the dispute takes the tokens back (disputes.ts).
    if (code === 'charge_disputed' || code === 'refund_disputed_payment') {
      logger.info({ warningId: warning.id, paymentIntent }, 'an early fraud warning for a payment disputed since');
      return;
    }
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
