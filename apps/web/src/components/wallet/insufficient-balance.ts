import { TOKEN_QUANTITY_MAX, TOKEN_QUANTITY_MIN } from '@sweetwish/shared/money';
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
