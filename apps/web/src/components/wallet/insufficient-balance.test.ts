import { describe, expect, it } from 'vitest';
import { readInsufficientBalance } from './insufficient-balance';

const valid = { 'insufficient-balance-modal': true, productCost: 25, currentBalance: 12.5, tokensNeeded: 13 };

describe('the Insufficient Balance data check', () => {
  it('accepts three finite numbers', () => {
    expect(readInsufficientBalance(valid)).toEqual({ productCost: 25, currentBalance: 12.5, tokensNeeded: 13 });
  });

  it('rounds a fractional need up to whole tokens', () => {
    expect(readInsufficientBalance({ ...valid, tokensNeeded: 12.5 })?.tokensNeeded).toBe(13);
  });

  it.each([
    ['no state at all', null],
    ['a state that is not an object', 'insufficient-balance-modal'],
    ['the flag alone', { 'insufficient-balance-modal': true }],
    ['a missing product cost', { ...valid, productCost: undefined }],
    ['a missing balance', { ...valid, currentBalance: undefined }],
    ['a missing need', { ...valid, tokensNeeded: undefined }],
    ['a numeric string', { ...valid, productCost: '25' }],
    ['null', { ...valid, currentBalance: null }],
    ['NaN', { ...valid, tokensNeeded: Number.NaN }],
    ['Infinity', { ...valid, productCost: Number.POSITIVE_INFINITY }],
    ['nothing needed', { ...valid, tokensNeeded: 0 }],
    ['a negative need', { ...valid, tokensNeeded: -5 }],
    ['more than a top-up can buy', { ...valid, tokensNeeded: 1_000_000 }],
  ])('rejects %s', (_label, state) => {
    expect(readInsufficientBalance(state)).toBeNull();
  });
});
