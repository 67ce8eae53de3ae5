import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { api, ok } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { notify } from '../../lib/notification-store';
import { STORAGE_KEYS, writeStored } from '../../lib/storage';
import { intentFromState, pathWithIntent } from './top-up-intent';
import { useWallet } from './wallet-queries';

/** The longest `location` the top-up call accepts. */
const MAX_LOCATION_LENGTH = 1000;

/**
 * Starts a card checkout for `quantity` tokens and sends the browser to it (product.md section 7,
 * createStripeTokenCheckoutSession). `location` is where cancelling returns, and where a purchase started
 * on a wish page comes back to once paid.
 */
export async function startTopUp(quantity: number, location: string, idempotencyKey?: string): Promise<void> {
  const { url } = await ok(
    api.POST('/api/checkout/top-ups', {
      params: { header: { 'idempotency-key': idempotencyKey } },
      body: { quantity, location },
    }),
  );
  window.location.assign(url);
}

/**
 * `start(quantity)` buys tokens from the current screen; `isStarting` stays true until the checkout page
 * replaces this one. A failure shows "Error starting token purchase." (product.md section 8). What the fan
 * was paying for when they ran short (the opener's intent in the navigation state) rides along in the
 * address the checkout returns to, so that screen opens it again with the same amount.
 */
export function useStartTopUp(): { start: (quantity: number) => void; isStarting: boolean } {
  const location = useLocation();
  const [isStarting, setIsStarting] = useState(false);
  const idempotencyKey = useIdempotencyKey();
  const balanceCents = useWallet().data?.balanceCents;
  const intent = intentFromState(location.state);
  const current = `${location.pathname}${location.search}`;
  const here = intent ? pathWithIntent(current, intent) : current;
  const start = (quantity: number) => {
    setIsStarting(true);
    if (balanceCents !== undefined) writeStored(STORAGE_KEYS.topUpBalanceBefore, String(balanceCents), 'session');
    const returnTo = here.length <= MAX_LOCATION_LENGTH ? here : location.pathname;
    // A second tap on the same pack resumes the same checkout rather than opening another.
    startTopUp(quantity, returnTo, idempotencyKey.for({ quantity, returnTo })).catch((error: unknown) => {
      idempotencyKey.settle(error);
      notify(WALLET_MESSAGES.topUpFailed);
      setIsStarting(false);
    });
  };
  return { start, isStarting };
}
