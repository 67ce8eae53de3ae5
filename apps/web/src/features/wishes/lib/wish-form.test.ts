import { type Wish, WishFields } from '@sweetwish/shared/wishes';
import { describe, expect, it } from 'vitest';
import { nextPriceText, valuesOfWish, type WishFormValues, wishChanges } from './wish-form';

/** The changes of the form's values as submitted: parsed with the form's schema first. */
const changesOf = (wish: Wish, values: WishFormValues) => wishChanges(wish, WishFields.parse(values));

const wish: Wish = {
  id: 'w1',
  sellerId: 'u1',
  type: 'standard',
  name: 'Camera',
  cost: 1200,
  image: '/media/images/users/u1/a.jpg',
  blurhash: null,
  description: 'A camera',
  pinned: false,
  archived: false,
  purchased: false,
  allowRepeatPurchases: true,
  isGroupGift: false,
  groupGiftFundedCents: 0,
  allowTakeBack: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the price field', () => {
  it.each([
    ['1,200', '1,200'],
    ['$1,200.50', '1,20050'],
    ['12a3', '123'],
    ['-25', '25'],
    ['abc', ''],
  ])('keeps only digits and commas of %s', (typed, shown) => {
    expect(nextPriceText(typed)).toBe(shown);
  });
});

describe('wishChanges', () => {
  it('is empty when nothing changed, even with the price shown with commas', () => {
    expect(valuesOfWish(wish).price).toBe('1,200');
    expect(changesOf(wish, valuesOfWish(wish))).toEqual({});
  });

  it('holds only the fields that changed', () => {
    const values = { ...valuesOfWish(wish), price: '1500', allowRepeatPurchases: false };
    expect(changesOf(wish, values)).toEqual({ cost: 1500, allowRepeatPurchases: false });
  });

  it('trims the name and sends a cleared description', () => {
    const values = { ...valuesOfWish(wish), name: ' Lens ', description: '' };
    expect(changesOf(wish, values)).toEqual({ name: 'Lens', description: '' });
  });
});
