import { describe, expect, it } from 'vitest';
import { type GiftFacts, giftReversedText, giftText } from './texts';

const ORIGIN = 'https://sweetwish.example';
const gift: GiftFacts = {
  purchaseId: 'p1',
  type: 'standard',
  costCents: 20_00,
  productName: 'Fan Club',
  buyerName: 'Sunny Petal',
  isRenewal: false,
};

describe('gift notices', () => {
  it('tell of a bought wish as a gift', () => {
    expect(giftText(gift, ORIGIN)).toEqual({
      subject: 'You received a gift on Sweetwish',
      text: 'Sweetwish: Sunny Petal sent you a gift: Fan Club ($20). See it at https://sweetwish.example/received/item/p1',
      summary: 'Sunny Petal sent you a gift: Fan Club ($20).',
      path: '/received/item/p1',
    });
  });

  it("tell of a subscription's later month as a renewal", () => {
    expect(giftText({ ...gift, isRenewal: true }, ORIGIN)).toEqual({
      subject: 'A subscription was renewed on Sweetwish',
      text: 'Sweetwish: Sunny Petal renewed their subscription: Fan Club ($20). See it at https://sweetwish.example/received/item/p1',
      summary: 'Sunny Petal renewed their subscription: Fan Club ($20).',
      path: '/received/item/p1',
    });
    expect(giftText({ ...gift, isRenewal: true, buyerName: null }, ORIGIN).summary).toBe(
      'An anonymous fan renewed their subscription: Fan Club ($20).',
    );
  });

  it('name a reversed renewal as one', () => {
    const reversed = giftReversedText({ ...gift, isRenewal: true }, ORIGIN);
    expect(reversed.subject).toBe('A subscription renewal you received was reversed');
    expect(reversed.summary).toMatch(/^A subscription renewal: Fan Club you received was reversed/);
    expect(giftReversedText(gift, ORIGIN).subject).toBe('A gift you received was reversed');
  });
});
