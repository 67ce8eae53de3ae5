/**
 * Wallet and gifting rules without schemas (so the web app can use them without loading zod): product.md
 * sections 2 to 5, 8 and 9.
 */
import { groupThousands } from './thousands';

export const TIP_MIN = 1;
export const TIP_MAX = 999_999;
/** The tip dialog's plus and minus buttons change the amount by this much. */
export const TIP_STEP = 10;

export const WALLET_MESSAGES = {
  topUpFailed: 'Error starting token purchase.',
  topUpUnavailable: 'Buying tokens is not available right now: card payments are not set up on this server.',
  alreadyPurchased: 'This wish is already purchased!',
  tipFailed: 'Error sending tip.',
  tipSent: 'Tip sent successfully!',
  notEnoughForTip: "Not enough tokens. You'll be redirected to purchase more.",
  tipAmount: `A tip is ${TIP_MIN} to ${groupThousands(TIP_MAX)} tokens`,
  insufficientBalance: 'Insufficient balance',
  noBalanceInfo: 'Unable to load balance information',
  purchaseMissing: 'Purchase does not exist.',
  somethingWrong: 'Something went wrong.',
  onHold: 'Your balance is on hold while a dispute of one of your card payments is open.',
} as const;

export const PURCHASE_TYPES = ['standard', 'tip'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

/** The name a received row shows (product.md section 2, Received). */
export function receivedItemName(item: { type: PurchaseType; product: { name: string } | null }): string {
  if (item.type === 'tip') return 'Custom Tip';
  return item.product?.name ?? "It's a surprise!";
}

/** Big gifts get a highlighted row: tips above 1000 tokens, standard gifts above 100000. */
export function isHighlighted(item: { type: PurchaseType; costCents: number }): boolean {
  const tokens = item.costCents / 100;
  return item.type === 'tip' ? tokens > 1000 : tokens > 100_000;
}

/**
 * How a gift or tip whose fan's card payment was refunded or disputed shows to the fan and the creator
 * (decision 017): "Reversed" when all of it was taken back, "Partly reversed" when some; null otherwise.
 */
export function reversalLabel(gift: { costCents: number; reversedCents: number }): string | null {
  if (gift.reversedCents <= 0) return null;
  return gift.reversedCents >= gift.costCents ? 'Reversed' : 'Partly reversed';
}
