import type { PlatformBalanceRecord, StripeObject } from './sandbox-state';

/** Stripe's `balance` object for the platform's balance (USD, card funds only); like Stripe's, it has no id. */
export function balanceObject(balance: PlatformBalanceRecord): StripeObject {
  const pending = balance.pending.reduce((sum, funds) => sum + funds.amount, 0);
  const object = {
    object: 'balance',
    available: [{ amount: balance.available, currency: 'usd', source_types: { card: balance.available } }],
    connect_reserved: [{ amount: 0, currency: 'usd' }],
    livemode: false,
    pending: [{ amount: pending, currency: 'usd', source_types: { card: pending } }],
  };
  return object as unknown as StripeObject;
}
