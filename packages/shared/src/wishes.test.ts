import { describe, expect, it } from 'vitest';
import {
  CreateWishInput,
  compareWishes,
  keepPriceCharacters,
  repeatPurchaseText,
  UpdateWishInput,
  WishFields,
  WishPriceText,
} from './wishes';

describe('the wish price input', () => {
  it('keeps only digits and commas', () => {
    expect(keepPriceCharacters('$1,2a3.50 ')).toBe('1,2350');
  });

  it.each([
    ['20', 20],
    ['1,000', 1000],
    ['999,999', 999_999],
  ])('reads %j as %i tokens', (typed, cost) => {
    expect(WishPriceText.parse(typed)).toBe(cost);
  });

  it.each([
    ['', 'Price must be a number'],
    [',', 'Price must be a number'],
    ['12.5', 'Price must be a number'],
    ['19', 'Price must be at least $20'],
    ['0', 'Price must be at least $20'],
    ['1,000,000', 'Price must be at most $999,999'],
  ])('refuses %j with "%s"', (typed, error) => {
    expect(WishPriceText.safeParse(typed).error?.issues[0]?.message).toBe(error);
  });

  it('gives the form the price as the call names it, `cost`, and a trimmed name', () => {
    const typed = { name: ' Camera ', price: '1,250', description: '', allowRepeatPurchases: false };
    expect(WishFields.parse(typed)).toEqual({
      name: 'Camera',
      cost: 1250,
      description: '',
      allowRepeatPurchases: false,
    });
  });
});

describe('the wish schemas', () => {
  const valid = { name: 'Camera', cost: 250 };

  it('default to a standard wish that can be bought again, not pinned, not a group gift', () => {
    expect(CreateWishInput.parse(valid)).toEqual({
      ...valid,
      description: '',
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
      isGroupGift: false,
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ description: 'x'.repeat(1001) }, 'description'],
    [{ cost: 19 }, 'cost'],
    [{ cost: 1_000_000 }, 'cost'],
    [{ cost: 25.5 }, 'cost'],
    [{ blurhash: 'x'.repeat(35) }, 'blurhash'],
    [{ image: `/media/${'x'.repeat(1000)}` }, 'image'],
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ type: 'raffle' }, 'type'],
  ])('refuse %j', (override, field) => {
    const result = CreateWishInput.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('accept the limits themselves', () => {
    expect(
      CreateWishInput.safeParse({
        name: 'x'.repeat(100),
        cost: 999_999,
        description: 'x'.repeat(1000),
        blurhash: 'x'.repeat(36),
      }).success,
    ).toBe(true);
  });

  it('let an update change no type and no unknown field', () => {
    expect(UpdateWishInput.safeParse({ type: 'subscription' }).success).toBe(false);
    expect(UpdateWishInput.safeParse({ sellerId: 'someone-else' }).success).toBe(false);
    expect(UpdateWishInput.parse({ archived: true })).toEqual({ archived: true });
  });
});

describe('the repeat-purchase texts', () => {
  it.each([
    ['standard', true, 'This wish can be granted over and over!'],
    ['standard', false, "Once someone buys this item, it's not available for purchase again."],
    ['subscription', true, 'Multiple people can subscribe to this item at the same time.'],
    ['subscription', false, 'Only one person is allowed to subscribe to this wish at a time.'],
  ] as const)('%s with repeats %s', (type, repeats, text) => {
    expect(repeatPurchaseText(type, repeats)).toBe(text);
  });
});

describe('the wishlist order', () => {
  it('puts not purchased first, then pinned, then the most recently updated', () => {
    const wishes = [
      { id: 'old', purchased: false, pinned: false, updatedAt: '2026-01-01T00:00:00Z' },
      { id: 'bought-pinned', purchased: true, pinned: true, updatedAt: '2026-03-01T00:00:00Z' },
      { id: 'new', purchased: false, pinned: false, updatedAt: '2026-02-01T00:00:00Z' },
      { id: 'pinned', purchased: false, pinned: true, updatedAt: '2025-01-01T00:00:00Z' },
      { id: 'bought', purchased: true, pinned: false, updatedAt: '2026-04-01T00:00:00Z' },
    ];
    expect([...wishes].sort(compareWishes).map((w) => w.id)).toEqual([
      'pinned',
      'new',
      'old',
      'bought-pinned',
      'bought',
    ]);
  });
});
