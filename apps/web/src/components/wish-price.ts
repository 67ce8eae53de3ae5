import { groupThousands } from '@sweetwish/shared/thousands';

/** A price in tokens as the app shows it (one token is one dollar): "$" and the whole number with thousands separators, "$1,250". */
export function formatWishPrice(cost: number): string {
  return `$${groupThousands(cost)}`;
}
