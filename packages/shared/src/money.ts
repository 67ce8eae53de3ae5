import { FEE_RATES } from './fees';
import { groupThousands } from './thousands';

/** Amounts below the UI are integer cents; 1 token = 100 cents = US$1 (architecture.md section 3). */
export const CENTS_PER_TOKEN = 100;

export function tokensToCents(tokens: number): number {
  return tokens * CENTS_PER_TOKEN;
}

/** "12" for whole tokens, "12.50" otherwise; thousands separated ("1,250"). */
export function formatTokens(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = groupThousands(Math.trunc(Math.abs(cents) / CENTS_PER_TOKEN));
  const fraction = Math.abs(cents) % CENTS_PER_TOKEN;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(fraction).padStart(2, '0')}`;
}

/** "$12" or "$12.50". */
export function formatDollars(cents: number): string {
  return `$${formatTokens(cents)}`;
}

export type FeeSplit = {
  /** The whole gift or tip. */
  grossCents: number;
  /** What the recipient's wallet receives. */
  recipientCents: number;
  /** The affiliate's part of the platform fee (0 without an affiliate). */
  affiliateCents: number;
  /** The platform's part of the platform fee. */
  platformCents: number;
  /** The processing share. */
  processingCents: number;
};

/**
 * How a gift or tip of `grossCents` is divided (architecture.md section 3): recipient 80%, platform fee 10% (2% of
 * it to the recipient's affiliate when there is one), processing 10%. The recipient's, the affiliate's and
 * the processing parts are rounded down to the cent; the platform takes the remainder, so the parts always
 * sum to exactly the gross and none is negative.
 */
export function splitGift(grossCents: number, hasAffiliate: boolean): FeeSplit {
  if (!Number.isSafeInteger(grossCents) || grossCents <= 0) throw new Error(`bad gift amount: ${grossCents}`);
  const share = (bps: number) => Math.floor((grossCents * bps) / 10_000);
  const recipientCents = share(FEE_RATES.recipientBps);
  const affiliateCents = hasAffiliate ? share(FEE_RATES.affiliateBps) : 0;
  const processingCents = share(FEE_RATES.processingBps);
  const platformCents = grossCents - recipientCents - affiliateCents - processingCents;
  return { grossCents, recipientCents, affiliateCents, platformCents, processingCents };
}

/** Token packages of the purchase menu (product.md section 9): the dollar price equals the quantity. */
export const TOKEN_PACKAGES = [
  { quantity: 50, basePrice: 50 },
  { quantity: 100, basePrice: 100 },
  { quantity: 200, basePrice: 200 },
  { quantity: 500, basePrice: 500, discountPercent: 10 },
  { quantity: 1000, basePrice: 1000, discountPercent: 15 },
] as const satisfies readonly { quantity: number; basePrice: number; discountPercent?: number }[];

export const TOKEN_QUANTITY_MIN = 1;
export const TOKEN_QUANTITY_MAX = 999_999;

export type TopUpPrice = {
  quantity: number;
  /** The price before any discount. */
  basePriceCents: number;
  /** After the package's discount (equal to the base price for a custom quantity). */
  priceCents: number;
  /** 2% of the price, capped at $5, rounded to the cent. */
  serviceFeeCents: number;
  /** What the card is charged. */
  totalCents: number;
};

/**
 * What buying `quantity` tokens costs (architecture.md section 3): a package's price after its discount, or a
 * custom quantity at one dollar a token with no discount, plus the service fee.
 */
export function topUpPrice(quantity: number): TopUpPrice {
  if (!Number.isSafeInteger(quantity) || quantity < TOKEN_QUANTITY_MIN || quantity > TOKEN_QUANTITY_MAX) {
    throw new Error(`bad token quantity: ${quantity}`);
  }
  const pack = TOKEN_PACKAGES.find((p) => p.quantity === quantity);
  const basePriceCents = tokensToCents(pack?.basePrice ?? quantity);
  const discountPercent = pack && 'discountPercent' in pack ? pack.discountPercent : 0;
  const priceCents = Math.round((basePriceCents * (100 - discountPercent)) / 100);
  const serviceFeeCents = Math.min(
    Math.round((priceCents * FEE_RATES.topUpServiceFeeBps) / 10_000),
    FEE_RATES.topUpServiceFeeCapCents,
  );
  return { quantity, basePriceCents, priceCents, serviceFeeCents, totalCents: priceCents + serviceFeeCents };
}
