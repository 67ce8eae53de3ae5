import { TIP_MAX } from '@sweetwish/shared/wallet-rules';
import { describe, expect, it } from 'vitest';
import { exceedsBalance, parseTipInput, stepTip } from './tip-amount';

describe('the tip amount field', () => {
  it.each([
    ['25', 25],
    ['1,000', 1000],
    ['12,345,6', 123456],
    ['', 0],
    [',', 0],
    ['007', 7],
    ['00000012', 12],
    ['1.5', 15],
    ['-20', 20],
    ['$ 40 tokens', 40],
  ])('keeps the digits of %j: %d', (typed, amount) => {
    expect(parseTipInput(typed)).toBe(amount);
  });

  it('never goes past the largest tip', () => {
    expect(parseTipInput('999,999')).toBe(TIP_MAX);
    expect(parseTipInput('1000000')).toBe(TIP_MAX);
    expect(parseTipInput('99999999999999999999999')).toBe(TIP_MAX);
  });
});

describe('the plus and minus buttons', () => {
  it('change the amount by 10', () => {
    expect(stepTip(0, 1)).toBe(10);
    expect(stepTip(10, 1)).toBe(20);
    expect(stepTip(25, 1)).toBe(35);
    expect(stepTip(35, -1)).toBe(25);
    expect(stepTip(10, -1)).toBe(0);
  });

  it('never go below 0', () => {
    expect(stepTip(0, -1)).toBe(0);
    expect(stepTip(5, -1)).toBe(0);
  });

  it('never go above the largest tip', () => {
    expect(stepTip(TIP_MAX, 1)).toBe(TIP_MAX);
    expect(stepTip(TIP_MAX - 3, 1)).toBe(TIP_MAX);
  });
});

describe('the balance', () => {
  it('asks for more tokens only when the tip is above the balance', () => {
    expect(exceedsBalance(20, 2000)).toBe(false);
    expect(exceedsBalance(20, 1999)).toBe(true);
    expect(exceedsBalance(20, 2050)).toBe(false);
    expect(exceedsBalance(1, 0)).toBe(true);
  });
});
