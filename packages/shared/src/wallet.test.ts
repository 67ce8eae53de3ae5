import { describe, expect, it } from 'vitest';
import { BuyInput, TipFields, TipInput, TopUpInput } from './wallet';
import { isHighlighted, receivedItemName } from './wallet-rules';

describe('the validation table (product.md section 5) for money', () => {
  it('Token purchase: an integer quantity from 1 to 999999, with a location in this app', () => {
    expect(TopUpInput.safeParse({ quantity: 1, location: '/home' }).success).toBe(true);
    expect(TopUpInput.safeParse({ quantity: 999_999, location: '/x/abc?y=1' }).success).toBe(true);
    for (const quantity of [0, 1_000_000, 2.5, '10']) {
      expect(TopUpInput.safeParse({ quantity, location: '/home' }).success).toBe(false);
    }
    for (const location of [undefined, '', 'https://evil.example/', '//evil.example/x', 'home']) {
      expect(TopUpInput.safeParse({ quantity: 5, location }).success).toBe(false);
    }
  });

  it('Tip: an integer amount from 1 to 999999, with a recipient', () => {
    expect(TipInput.safeParse({ recipientId: 'u1', amount: 1 }).success).toBe(true);
    expect(TipInput.parse({ recipientId: 'u1', amount: 999_999 }).isAnonymous).toBe(false);
    for (const amount of [0, 1_000_000, 1.5, '5'])
      expect(TipInput.safeParse({ recipientId: 'u1', amount }).success).toBe(false);
    expect(TipInput.safeParse({ amount: 5 }).success).toBe(false);
  });

  it('Tip dialog: the amount as typed, commas stripped, worded as sendTip words it; the message trimmed', () => {
    expect(TipFields.parse({ amount: '1,250', isAnonymous: true, message: '  Thank you! ' })).toEqual({
      amount: 1250,
      isAnonymous: true,
      message: 'Thank you!',
    });
    for (const amount of ['', '0', '1000000', '1.5']) {
      const problem = TipFields.safeParse({ amount, isAnonymous: false, message: '' }).error?.issues[0]?.message;
      expect(problem).toBe('A tip is 1 to 999,999 tokens');
      expect(TipInput.safeParse({ recipientId: 'u1', amount: Number(amount) }).error?.issues[0]?.message).toBe(problem);
    }
  });

  it('Buy product: productId and sellerId required', () => {
    expect(BuyInput.safeParse({ productId: 'w', sellerId: 's' }).success).toBe(true);
    expect(BuyInput.safeParse({ productId: 'w' }).success).toBe(false);
    expect(BuyInput.safeParse({ sellerId: 's' }).success).toBe(false);
    expect(BuyInput.safeParse({ productId: '', sellerId: 's' }).success).toBe(false);
  });
});

describe('received items', () => {
  it('are named "Custom Tip", the product, or "It\'s a surprise!"', () => {
    expect(receivedItemName({ type: 'tip', product: null })).toBe('Custom Tip');
    expect(receivedItemName({ type: 'standard', product: { name: 'Kettle' } })).toBe('Kettle');
    expect(receivedItemName({ type: 'standard', product: null })).toBe("It's a surprise!");
  });

  it('are highlighted above 1000 tokens for tips and above 100000 for gifts', () => {
    expect(isHighlighted({ type: 'tip', costCents: 100_000 })).toBe(false);
    expect(isHighlighted({ type: 'tip', costCents: 100_100 })).toBe(true);
    expect(isHighlighted({ type: 'standard', costCents: 10_000_000 })).toBe(false);
    expect(isHighlighted({ type: 'standard', costCents: 10_000_100 })).toBe(true);
  });
});
