import { NO_REQUEST } from './request-ref';
import type { SandboxCore } from './sandbox-core';
import { StripeApiError } from './stripe-error';

/**
 * The platform's Stripe balance (USD): card payments arrive pending and become available after the
 * sandbox's `fundsAvailableAfterSeconds` (Stripe: the payout schedule's settlement delay, days in live
 * mode); transfers to connected accounts draw from what is available, and a reversal gives it back.
 */

/**
 * A card payment's funds: pending until `balance.available` makes them available, or, with a delay of 0
 * (the sandbox's default, for the local product), available at once with no event.
 */
export function addCardFunds(core: SandboxCore, amount: number, source: string): void {
  const delay = core.options.fundsAvailableAfterSeconds;
  if (delay > 0) {
    core.state.balance.pending.push({ amount, availableOn: core.seconds() + delay, source });
    return;
  }
  core.state.balance.available += amount;
  releasePendingRefunds(core);
}

/** Funds added straight to the available balance (test control; Stripe: the 4000 0000 0000 0077 card). */
export function addAvailableFunds(core: SandboxCore, amount: number): void {
  core.state.balance.available += amount;
  releasePendingRefunds(core);
}

/**
 * Takes a transfer's amount (or a payout to the platform's bank, by test control) from the available
 * balance, or refuses it as Stripe does (a 400 `balance_insufficient`, decided by the state of things, so
 * stored under the idempotency key).
 */
export function drawAvailableFunds(core: SandboxCore, amount: number): void {
  core.settleDueFunds();
  if (core.state.balance.available < amount) {
    throw new StripeApiError(
      400,
      {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message:
          'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
      },
      { isExecuted: true },
    );
  }
  core.state.balance.available -= amount;
}

/** A transfer reversal: what comes back from the connected account is available again. */
export function returnFromTransfer(core: SandboxCore, amount: number): void {
  core.state.balance.available += amount;
  releasePendingRefunds(core);
}

/**
 * Takes a refund's amount from the available balance; false, taking nothing, when it does not cover it.
 * Stripe: "Refunds use your available Stripe balance (not including pending amounts)"; one it does not
 * cover is `pending` (`pending_reason: insufficient_funds`) until the balance does. The caller has settled
 * funds already due (every API call does, as does the funds timer).
 */
export function drawForRefund(core: SandboxCore, amount: number): boolean {
  const { balance } = core.state;
  if (balance.available < amount) return false;
  balance.available -= amount;
  return true;
}

/**
 * Money became available: refunds pending for want of funds go out, oldest first, while the available
 * balance covers them.
 */
export function releasePendingRefunds(core: SandboxCore): void {
  const waiting = Object.values(core.state.payments)
    .flatMap((payment) => payment.refunds ?? [])
    .filter((refund) => refund.status === 'pending' && refund.pending_reason === 'insufficient_funds')
    .sort((a, b) => Number(a.created) - Number(b.created));
  for (const refund of waiting) {
    if (!drawForRefund(core, Number(refund.amount))) return;
    refund.status = 'succeeded';
    refund.pending_reason = null;
    const previous = { status: 'pending', pending_reason: 'insufficient_funds' };
    core.emit('refund.updated', refund, NO_REQUEST, previous);
    core.emit('charge.refund.updated', refund, NO_REQUEST, previous);
  }
}
