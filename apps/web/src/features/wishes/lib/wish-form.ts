import {
  keepPriceCharacters,
  type UpdateWishInput,
  type Wish,
  type WishFields,
  type WishType,
} from '@sweetwish/shared/wishes';
import type { z } from 'zod';

/** product.md section 8. */
export const WISH_MESSAGES = {
  createFailed: 'Failed to create product...',
  updateFailed: 'Failed to update product...',
  updated: 'Wish Updated!',
  missing: 'Product does not exist.',
} as const;

/** The wish type as the create screen's choice and the edit screen's chip name it. */
export const WISH_TYPE_LABELS: Readonly<Record<WishType, string>> = {
  standard: 'Single Wish',
  subscription: 'Subscription',
};

/** The pause before a wish image is uploaded (product.md section 9). */
export const WISH_IMAGE_UPLOAD_DELAY_MS = 1000;

/** The image types the picker offers (product.md section 2: SVG, PNG, JPG or GIF). */
export const WISH_IMAGE_ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/gif';

/** The wish form's values as typed (the price as text). */
export type WishFormValues = z.input<typeof WishFields>;

/** The server names the price `cost`: its problems with it show on the Price field. */
export const WISH_FIELD_OF_SERVER = { cost: 'price' } as const;

/** What the price field shows after a keystroke: the typed text with everything but digits and commas dropped. */
export function nextPriceText(typed: string): string {
  return keepPriceCharacters(typed);
}

/** A new wish's starting values (product.md section 2: repeats allowed). */
export const NEW_WISH_VALUES: WishFormValues = { name: '', price: '', description: '', allowRepeatPurchases: true };

/** The form's starting values for an existing wish. */
export function valuesOfWish(wish: Wish): WishFormValues {
  return {
    name: wish.name,
    price: wish.cost.toLocaleString('en-US'),
    description: wish.description,
    allowRepeatPurchases: wish.allowRepeatPurchases,
  };
}

/** Only the fields that differ from the wish (product.md section 5: edit sends only changed fields). */
export function wishChanges(wish: Wish, values: WishFields): UpdateWishInput {
  const changes: UpdateWishInput = {};
  if (values.name !== wish.name) changes.name = values.name;
  if (values.cost !== wish.cost) changes.cost = values.cost;
  if (values.description !== wish.description) changes.description = values.description;
  if (values.allowRepeatPurchases !== wish.allowRepeatPurchases) {
    changes.allowRepeatPurchases = values.allowRepeatPurchases;
  }
  return changes;
}
