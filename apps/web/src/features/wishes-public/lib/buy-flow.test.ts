import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { finalRefusalOf, insufficientBalanceState } from './buy-flow';

describe('the Buy flow with too few tokens', () => {
  it('opens the Insufficient Balance dialog with the cost, the balance and the tokens needed', () => {
    expect(insufficientBalanceState(120, 4500)).toEqual({
      'insufficient-balance-modal': true,
      productCost: 120,
      currentBalance: 45,
      tokensNeeded: 75,
    });
  });

  it('counts an empty wallet as 0 tokens', () => {
    expect(insufficientBalanceState(20, 0)).toEqual({
      'insufficient-balance-modal': true,
      productCost: 20,
      currentBalance: 0,
      tokensNeeded: 20,
    });
  });

  it('rounds a balance with cents down, so the top-up covers the cost', () => {
    // $19.50 toward $20: one more token makes $20.50.
    expect(insufficientBalanceState(20, 1950)).toMatchObject({ currentBalance: 19, tokensNeeded: 1 });
    expect(insufficientBalanceState(20, 1999)).toMatchObject({ currentBalance: 19, tokensNeeded: 1 });
  });

  it('gives whole, finite numbers the dialog accepts', () => {
    const state = insufficientBalanceState(999_999, 12_345);
    for (const value of [state?.productCost, state?.currentBalance, state?.tokensNeeded]) {
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(state?.tokensNeeded).toBe(999_999 - 123);
  });

  it('goes on to buy when the wallet covers the cost exactly or more', () => {
    expect(insufficientBalanceState(20, 2000)).toBeNull();
    expect(insufficientBalanceState(20, 2001)).toBeNull();
    expect(insufficientBalanceState(20, 1_000_000)).toBeNull();
  });
});

describe('a Buy the server refuses', () => {
  it('gives the server’s words when paying again cannot help: a creator refusing the fan’s gifts, a sold wish', () => {
    const refused = new ApiError(403, { code: 'FORBIDDEN', message: SAFETY_MESSAGES.giftsRefused });
    expect(finalRefusalOf(refused)).toBe('This creator is not accepting gifts from you.');
    const sold = new ApiError(409, { code: 'CONFLICT', message: WALLET_MESSAGES.alreadyPurchased });
    expect(finalRefusalOf(sold)).toBe(WALLET_MESSAGES.alreadyPurchased);
  });

  it('leaves anything else to the generic message, to try again', () => {
    expect(finalRefusalOf(new ApiError(500, { code: 'INTERNAL', message: 'x' }))).toBeNull();
    expect(finalRefusalOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});
