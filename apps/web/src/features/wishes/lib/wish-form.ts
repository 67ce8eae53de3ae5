import { keepPriceCharacters, parsePrice, type UpdateWishInput, type Wish } from '@sweetwish/shared/wishes';

/** Spec section 8. */
export const WISH_MESSAGES = {
  createFailed: 'Failed to create product...',
  updateFailed: 'Failed to update product...',
  updated: 'Wish Updated!',
  missing: 'Product does not exist.',
} as const;

/** The pause before a wish image is uploaded (spec section 9). */
export const WISH_IMAGE_UPLOAD_DELAY_MS = 1000;

/** The image types the picker offers (spec section 2: SVG, PNG, JPG or GIF). */
export const WISH_IMAGE_ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/gif';

export type WishFormValues = {
  name: string;
  price: string;
  description: string;
  allowRepeatPurchases: boolean;
};

/** What the price field shows after a keystroke: the typed text with everything but digits and commas dropped. */
export function nextPriceText(typed: string): string {
  return keepPriceCharacters(typed);
}

/** The message under the price field: nothing while it is empty, else parsePrice's problem, if any. */
export function priceProblem(price: string): string | undefined {
  if (price === '') return undefined;
  const parsed = parsePrice(price);
  return 'error' in parsed ? parsed.error : undefined;
}

/** Submit needs a name and a valid price (spec section 5). */
export function canSubmitWish(values: Pick<WishFormValues, 'name' | 'price'>): boolean {
  return values.name.trim() !== '' && 'cost' in parsePrice(values.price);
}

/** The form's starting values for an existing wish. */
export function valuesOfWish(wish: Wish): WishFormValues {
  return {
    name: wish.name,
    price: wish.cost.toLocaleString('en-US'),
    description: wish.description,
    allowRepeatPurchases: wish.allowRepeatPurchases,
  };
}

/** Only the fields that differ from the wish (spec section 5: edit sends only changed fields). */
export function wishChanges(wish: Wish, values: WishFormValues): UpdateWishInput {
  const changes: UpdateWishInput = {};
  const name = values.name.trim();
  if (name !== wish.name) changes.name = name;
  const parsed = parsePrice(values.price);
  if ('cost' in parsed && parsed.cost !== wish.cost) changes.cost = parsed.cost;
  if (values.description !== wish.description) changes.description = values.description;
  if (values.allowRepeatPurchases !== wish.allowRepeatPurchases) {
    changes.allowRepeatPurchases = values.allowRepeatPurchases;
  }
  return changes;
}
