/**
 * Wish (product) rules without schemas, so the web app can use them without loading zod (the public wish
 * page, decision 003): product.md sections 3, 4, 5 and 9. `wishes.ts` builds the schemas on them.
 */
import { groupThousands } from './thousands';

export const WISH_NAME_MAX = 100;
export const WISH_DESCRIPTION_MAX = 1000;
export const WISH_IMAGE_URL_MAX = 1000;
export const WISH_COST_MIN = 20;
export const WISH_COST_MAX = 999_999;
export const DEFAULT_WISH_DESCRIPTION = 'Thank you!';
/**
 * Here, not among the wallet's messages: the wish page, which fans land on, needs no other, and a module it
 * imports goes into its first load with every export other screens use.
 */
export const BUY_FAILED_MESSAGE = 'Could not buy product';

export const WISH_TYPES = ['standard', 'subscription'] as const;
export type WishType = (typeof WISH_TYPES)[number];

export const PRICE_MESSAGES = {
  notANumber: 'Price must be a number',
  tooLow: `Price must be at least $${WISH_COST_MIN}`,
  tooHigh: `Price must be at most $${groupThousands(WISH_COST_MAX)}`,
} as const;

/** What the price field keeps of what is typed: digits and commas only. */
export function keepPriceCharacters(typed: string): string {
  return typed.replace(/[^\d,]/g, '');
}

/** The explanation under the Buy button (product.md section 2, Public wish page). */
export function repeatPurchaseText(type: WishType, allowRepeatPurchases: boolean): string {
  if (type === 'standard') {
    return allowRepeatPurchases
      ? 'This wish can be granted over and over!'
      : "Once someone buys this item, it's not available for purchase again.";
  }
  return allowRepeatPurchases
    ? 'Multiple people can subscribe to this item at the same time.'
    : 'Only one person is allowed to subscribe to this wish at a time.';
}

type Orderable = { purchased: boolean; pinned: boolean; updatedAt: string | Date };

/** Wishlist order: not purchased first, then pinned first, then most recently updated first. */
export function compareWishes(a: Orderable, b: Orderable): number {
  if (a.purchased !== b.purchased) return a.purchased ? 1 : -1;
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime();
}
