import { describe, expect, it } from 'vitest';
import { FEE_RATES, formatRate } from './fees';

describe('fee rates', () => {
  it('split a gift into recipient, platform fee and processing with nothing left over', () => {
    expect(FEE_RATES.recipientBps + FEE_RATES.platformFeeBps + FEE_RATES.processingBps).toBe(10_000);
  });

  it('keep the affiliate share inside the platform fee', () => {
    expect(FEE_RATES.affiliateBps).toBeLessThan(FEE_RATES.platformFeeBps);
  });

  it('format basis points as a percentage', () => {
    expect(formatRate(FEE_RATES.topUpServiceFeeBps)).toBe('2%');
    expect(formatRate(FEE_RATES.platformFeeBps - FEE_RATES.affiliateBps)).toBe('8%');
  });
});
