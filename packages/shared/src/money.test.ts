import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokens, splitGift, TOKEN_PACKAGES, topUpPrice } from './money';

describe('splitGift', () => {
  it('always sums to the whole, with no part negative, with or without an affiliate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_900 }), fc.boolean(), (gross, hasAffiliate) => {
        const s = splitGift(gross, hasAffiliate);
        expect(s.recipientCents + s.affiliateCents + s.platformCents + s.processingCents).toBe(gross);
        for (const part of [s.recipientCents, s.affiliateCents, s.platformCents, s.processingCents]) {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(part)).toBe(true);
        }
        if (!hasAffiliate) expect(s.affiliateCents).toBe(0);
      }),
    );
  });

  it('gives the recipient 80% rounded down and the affiliate 2% of it rounded down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_900 }), (gross) => {
        const s = splitGift(gross, true);
        expect(s.recipientCents).toBe(Math.floor(gross * 0.8));
        expect(s.affiliateCents).toBe(Math.floor((gross * 2) / 100));
      }),
    );
  });

  it('splits $10 into 8, 0.20 affiliate, 0.80 platform, 1 processing', () => {
    expect(splitGift(1000, true)).toEqual({
      grossCents: 1000,
      recipientCents: 800,
      affiliateCents: 20,
      platformCents: 80,
      processingCents: 100,
    });
    expect(splitGift(1000, false).platformCents).toBe(100);
  });

  it('refuses nothing to split', () => {
    for (const bad of [0, -5, 1.5, Number.NaN]) expect(() => splitGift(bad, false)).toThrow();
  });
});

describe('topUpPrice', () => {
  it('prices the five packages of product.md, discounts applied, fee 2% capped at $5', () => {
    expect(TOKEN_PACKAGES.map((p) => topUpPrice(p.quantity))).toEqual([
      { quantity: 50, basePriceCents: 5000, priceCents: 5000, serviceFeeCents: 100, totalCents: 5100 },
      { quantity: 100, basePriceCents: 10000, priceCents: 10000, serviceFeeCents: 200, totalCents: 10200 },
      { quantity: 200, basePriceCents: 20000, priceCents: 20000, serviceFeeCents: 400, totalCents: 20400 },
      { quantity: 500, basePriceCents: 50000, priceCents: 45000, serviceFeeCents: 500, totalCents: 45500 },
      { quantity: 1000, basePriceCents: 100000, priceCents: 85000, serviceFeeCents: 500, totalCents: 85500 },
    ]);
  });

  it('charges a custom quantity a dollar a token with no discount, and the fee never above $5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (quantity) => {
        const p = topUpPrice(quantity);
        expect(p.serviceFeeCents).toBeLessThanOrEqual(500);
        expect(p.serviceFeeCents).toBeGreaterThan(0);
        expect(p.totalCents).toBe(p.priceCents + p.serviceFeeCents);
        if (!TOKEN_PACKAGES.some((pack) => pack.quantity === quantity)) expect(p.priceCents).toBe(quantity * 100);
      }),
    );
  });

  it('refuses a quantity outside 1 to 999999 tokens', () => {
    for (const bad of [0, 1_000_000, 2.5]) expect(() => topUpPrice(bad)).toThrow();
  });
});

describe('formatTokens', () => {
  it('shows whole tokens without decimals and others with two', () => {
    expect(formatTokens(125_000)).toBe('1,250');
    expect(formatTokens(1250)).toBe('12.50');
    expect(formatTokens(0)).toBe('0');
  });

  it('writes any amount of cents as en-US number formatting does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const digits = cents % 100 === 0 ? 0 : 2;
        const expected = (cents / 100).toLocaleString('en-US', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatTokens(cents)).toBe(expected);
      }),
    );
  });
});
