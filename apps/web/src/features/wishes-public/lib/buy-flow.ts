import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { INSUFFICIENT_BALANCE_FLAG, type InsufficientBalanceState } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';

/** The navigation-state flag that holds the wish page's confirm sheet open (product.md section 2). */
export const BUY_CONFIRM_FLAG = 'isBuyConfirmOpen';

/**
 * The Insufficient Balance dialog's navigation state for a wish of `costTokens` and a wallet holding
 * `balanceCents` (product.md sections 2 and 4), or null when the wallet covers the wish. The dialog speaks in
 * whole tokens: the balance is rounded down, and the tokens needed are what tops it up to the cost.
 */
export function insufficientBalanceState(costTokens: number, balanceCents: number): InsufficientBalanceState | null {
  if (balanceCents >= costTokens * CENTS_PER_TOKEN) return null;
  const currentBalance = Math.floor(balanceCents / CENTS_PER_TOKEN);
  return {
    [INSUFFICIENT_BALANCE_FLAG]: true,
    productCost: costTokens,
    currentBalance,
    tokensNeeded: costTokens - currentBalance,
  };
}

/**
 * The server's own words when paying again cannot help: the wish was sold or archived meanwhile (409), or
 * the creator refuses this fan's gifts (403, "This creator is not accepting gifts from you."). Null for
 * anything else, which keeps the generic message and lets the fan try again.
 */
export function finalRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.body.code === 'CONFLICT' || error.body.code === 'FORBIDDEN' ? error.message : null;
}
