import type { Database } from '../../db/client';
import { findTransferByExternalRef } from '../ledger/service';
import { findTopUp } from './repo';

// Refunds and disputes name a card payment; these find the top-up it paid for.

export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

/** The top-up a card payment paid for, with its ledger transfer. */
export async function topUpOfPayment(db: Database, paymentIntent: string | undefined) {
  const payment = paymentIntent ? await findTransferByExternalRef(db, paymentIntent) : undefined;
  if (payment?.kind !== 'top_up') return undefined;
  const topUp = await findTopUp(db, payment.idempotencyKey.replace(/^top_up:/, ''));
  return topUp ? { topUp, transferId: payment.id } : undefined;
}

/** The tokens the first `cents` of a top-up's payment bought (a share of its tokens, rounded). */
export function tokensOfPayment(topUp: { quantity: number; totalCents: number }, cents: number): number {
  return Math.round((topUp.quantity * 100 * cents) / topUp.totalCents);
}
