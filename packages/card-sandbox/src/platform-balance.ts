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
  if (delay === 0) {
    core.state.balance.available += amount;
    return;
  }
  core.state.balance.pending.push({ amount, availableOn: core.seconds() + delay, source });
}

/** Funds added straight to the available balance (test control; Stripe: the 4000 0000 0000 0077 card). */
export function addAvailableFunds(core: SandboxCore, amount: number): void {
  core.state.balance.available += amount;
}

/**
 * Takes a transfer's amount from the available balance, or refuses it as Stripe does (a 400
 * `balance_insufficient`, decided by the state of things, so stored under the idempotency key).
 */
export function drawForTransfer(core: SandboxCore, amount: number): void {
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
}
