import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { TIP_MAX, TIP_STEP } from '@sweetwish/shared/wallet-rules';

/** The amount the tip dialog starts with: one step of the plus button. */
export const INITIAL_TIP = TIP_STEP;

/**
 * What the amount field keeps of what was typed (product.md section 5, Tip): commas are stripped, anything
 * else that is not a digit is dropped, and the number never goes past the largest tip. An empty field
 * stays empty (0 tokens).
 */
export function parseTipInput(typed: string): number {
  const digits = typed.replace(/,/g, '').replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return 0;
  return Math.min(Number(digits.slice(0, String(TIP_MAX).length + 1)), TIP_MAX);
}

/** The plus and minus buttons: one step of 10 up or down, never below 0 nor above the largest tip. */
export function stepTip(amount: number, direction: 1 | -1): number {
  return Math.min(Math.max(amount + direction * TIP_STEP, 0), TIP_MAX);
}

/** Whether the tip is more than the wallet holds, so the dialog offers "Get Tokens" instead of "Submit". */
export function exceedsBalance(amount: number, balanceCents: number): boolean {
  return amount * CENTS_PER_TOKEN > balanceCents;
}
