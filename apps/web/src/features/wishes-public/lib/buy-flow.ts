import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { INSUFFICIENT_BALANCE_FLAG, type InsufficientBalanceState } from '../../../components/wallet/wallet-queries';

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
