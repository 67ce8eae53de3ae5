import { TOKEN_QUANTITY_MAX, TOKEN_QUANTITY_MIN } from '@sweetwish/shared/money';
import { intentFromState } from './top-up-intent';
import { navigationState } from './wallet-queries';

/** What the Insufficient Balance dialog shows, in tokens; `tokensNeeded` is the whole number of tokens to buy. */
export type InsufficientBalanceData = { productCost: number; currentBalance: number; tokensNeeded: number };

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The dialog's data from the navigation state (product.md section 2: productCost, currentBalance and tokensNeeded,
 * finite numbers), or null when any is missing or not a finite number, or when the tokens needed are not a
 * quantity a top-up can buy. A fractional need is rounded up: a top-up buys whole tokens.
 */
export function readInsufficientBalance(state: unknown): InsufficientBalanceData | null {
  const { productCost, currentBalance, tokensNeeded } = navigationState(state);
  if (!isFiniteNumber(productCost) || !isFiniteNumber(currentBalance) || !isFiniteNumber(tokensNeeded)) return null;
  const quantity = Math.ceil(tokensNeeded);
  if (quantity < TOKEN_QUANTITY_MIN || quantity > TOKEN_QUANTITY_MAX) return null;
  return { productCost, currentBalance, tokensNeeded: quantity };
}

/** What the missing tokens are for, in the dialog's words: a purchase unless the opener said otherwise. */
export type ShortfallPurpose = { noun: string; costLabel: string };

export function shortfallPurpose(state: unknown): ShortfallPurpose {
  switch (intentFromState(state)?.action) {
    case 'contribute':
      return { noun: 'contribution', costLabel: 'Contribution' };
    case 'subscribe':
      return { noun: 'subscription', costLabel: 'Monthly price' };
    case 'tip':
      return { noun: 'tip', costLabel: 'Tip' };
    default:
      return { noun: 'purchase', costLabel: 'Product cost' };
  }
}
