import { newId } from './ids';
import { addAvailableFunds, drawForRefund } from './platform-balance';
import { NO_REQUEST } from './request-ref';
import type { SandboxCore } from './sandbox-core';
import type { PaymentRecord, StripeObject } from './sandbox-state';
import { StripeApiError } from './stripe-error';

/**
 * What has been refunded of a payment so far, in cents. A failed refund is not counted: its money came back.
 * That `amount_refunded` drops it is our assumption; Stripe's documentation found does not say.
 */
export function amountRefunded(payment: PaymentRecord): number {
  return (payment.refunds ?? []).filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Number(r.amount), 0);
}

/** Why a card refund can fail, as Stripe reports it (`failure_reason`). */
export const REFUND_FAILURE_REASONS = [
  'lost_or_stolen_card',
  'expired_or_canceled_card',
  'declined',
  'unknown',
] as const;

/**
 * A refund that failed, as Stripe reports it: one the card's bank sent back days later (a closed or lost
 * card), or one still pending when its charge was disputed (`charge_for_pending_refund_disputed`). It
 * becomes `failed` with its `failure_reason`, money it took is back in the balance (and, by our assumption,
 * out of the charge's `amount_refunded`), and `refund.updated`, `refund.failed` and `charge.refund.updated`
 * are queued.
 */
export function failRefund(
  core: SandboxCore,
  refund: StripeObject,
  failureReason: (typeof REFUND_FAILURE_REASONS)[number] | 'charge_for_pending_refund_disputed',
): StripeObject {
  // What changed, as Stripe's previous_attributes list it: a pending refund loses its pending_reason too.
  const previous = {
    status: refund.status,
    failure_reason: null,
    ...(refund.pending_reason ? { pending_reason: refund.pending_reason } : {}),
  };
  const hadGoneOut = refund.status === 'succeeded';
  refund.status = 'failed';
  refund.failure_reason = failureReason;
  refund.pending_reason = null;
  core.emit('refund.updated', refund, NO_REQUEST, previous);
  core.emit('refund.failed', refund);
  core.emit('charge.refund.updated', refund, NO_REQUEST, previous);
  if (hadGoneOut) addAvailableFunds(core, Number(refund.amount));
  return refund;
}

/** A refund by its id. */
export function findRefund(core: SandboxCore, refundId: string): StripeObject | undefined {
  for (const payment of Object.values(core.state.payments)) {
    const refund = payment.refunds?.find((r) => r.id === refundId);
    if (refund) return refund;
  }
  return undefined;
}

/** The payment's charge as Stripe shows it (`charge.refunded`, GET /v1/charges/:id): `amount_refunded` is the running total. */
export function chargeOf(payment: PaymentRecord): StripeObject {
  const refunded = amountRefunded(payment);
  return {
    id: payment.charge,
    object: 'charge',
    amount: payment.amount,
    amount_captured: payment.amount,
    amount_refunded: refunded,
    captured: true,
    created: payment.created,
    currency: payment.currency,
    disputed: payment.disputeId !== null,
    livemode: false,
    paid: true,
    payment_intent: payment.paymentIntent,
    refunded: refunded === payment.amount,
    status: 'succeeded',
  };
}

/**
 * A refund of `amount` (the rest of the payment when undefined), full or partial, as Stripe makes one:
 * succeeded at once (card refunds do) when the platform's balance covers it, else `pending` for want of
 * funds until money comes in (platform-balance.ts); queuing `refund.created` and `charge.refunded` with the
 * charge's new `amount_refunded`, which counts a pending refund. Refused like Stripe: nothing left to refund
 * (`charge_already_refunded`), more than is left, or a disputed charge that is not `is_charge_refundable` (a
 * chargeback; an inquiry is refundable).
 * The code, `charge_disputed`, is one of the two Stripe's error codes name for it, with
 * `refund_disputed_payment`.
 */
export function createRefund(
  core: SandboxCore,
  payment: PaymentRecord,
  options: { amount?: number | undefined; reason?: string | undefined; metadata?: Record<string, string> },
): StripeObject {
  if (payment.disputeId !== null && !core.state.disputes[payment.disputeId]?.is_charge_refundable) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'charge_disputed',
      message: `Charge ${payment.charge} has been charged back; cannot issue a refund.`,
    });
  }
  const left = payment.amount - amountRefunded(payment);
  if (left <= 0) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      message: `Charge ${payment.charge} has already been refunded.`,
    });
  }
  const amount = options.amount ?? left;
  if (amount > left) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      param: 'amount',
    });
  }
  const refund: StripeObject = {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: payment.charge,
    created: core.seconds(),
    currency: payment.currency,
    metadata: options.metadata ?? {},
    payment_intent: payment.paymentIntent,
    reason: options.reason ?? null,
    status: 'succeeded',
    pending_reason: null,
  };
  if (!drawForRefund(core, amount)) {
    refund.status = 'pending';
    refund.pending_reason = 'insufficient_funds';
  }
  payment.refunds = [...(payment.refunds ?? []), refund];
  core.emit('refund.created', refund);
  core.emit('charge.refunded', chargeOf(payment));
  return refund;
}

/**
 * An early fraud warning from the card's issuer (Radar), as Stripe sends it before a likely dispute:
 * queues `radar.early_fraud_warning.created`. Actionable while the charge is neither refunded nor disputed.
 * `namesOnlyCharge` leaves its `payment_intent` null, as Stripe may.
 */
export function createEarlyFraudWarning(
  core: SandboxCore,
  payment: PaymentRecord,
  options: { namesOnlyCharge?: boolean } = {},
): StripeObject {
  const warning: StripeObject = {
    id: newId('issfr'),
    object: 'radar.early_fraud_warning',
    actionable: payment.disputeId === null && amountRefunded(payment) < payment.amount,
    charge: payment.charge,
    created: core.seconds(),
    fraud_type: 'made_with_stolen_card',
    livemode: false,
    // Stripe documents `payment_intent` as nullable: a warning may name only the charge.
    payment_intent: options.namesOnlyCharge ? null : payment.paymentIntent,
  };
  core.emit('radar.early_fraud_warning.created', warning);
  return warning;
}
