import type { Wish } from '@sweetwish/shared/wishes';
import { describe, expect, it } from 'vitest';
import { canSubmitWish, nextPriceText, priceProblem, valuesOfWish, wishChanges } from './wish-form';

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

  it.each([
    ['', undefined],
    ['20', undefined],
    ['1,000', undefined],
    ['19', 'Price must be at least $20'],
    ['0', 'Price must be at least $20'],
    [',', 'Price must be a number'],
  ])('judges %j as %j', (price, message) => {
    expect(priceProblem(price)).toBe(message);
  });

  it('needs a name and a valid price to submit', () => {
    expect(canSubmitWish({ name: 'Camera', price: '25' })).toBe(true);
    expect(canSubmitWish({ name: '  ', price: '25' })).toBe(false);
    expect(canSubmitWish({ name: 'Camera', price: '19' })).toBe(false);
    expect(canSubmitWish({ name: 'Camera', price: '' })).toBe(false);
  });
});

describe('wishChanges', () => {
  it('is empty when nothing changed, even with the price shown with commas', () => {
    expect(valuesOfWish(wish).price).toBe('1,200');
    expect(wishChanges(wish, valuesOfWish(wish))).toEqual({});
  });

  it('holds only the fields that changed', () => {
    const values = { ...valuesOfWish(wish), price: '1500', allowRepeatPurchases: false };
    expect(wishChanges(wish, values)).toEqual({ cost: 1500, allowRepeatPurchases: false });
  });

  it('trims the name and sends a cleared description', () => {
    const values = { ...valuesOfWish(wish), name: ' Lens ', description: '' };
    expect(wishChanges(wish, values)).toEqual({ name: 'Lens', description: '' });
  });
});
