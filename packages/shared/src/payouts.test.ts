import { describe, expect, it } from 'vitest';
import { WithdrawalInput, withdrawalFields } from './payouts';
import { keepDigits, PAYOUT_MESSAGES, payoutAccountState, withdrawalStatusLabel } from './payouts-rules';

/** What the withdraw form makes of a typed amount with this much in the wallet: the amount, or the message. */
function parseWithdrawal(typed: string, availableCents: number | undefined) {
  const parsed = withdrawalFields(availableCents).safeParse({ amount: typed });
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message };
}

describe('Withdrawal (product.md section 5)', () => {
  it('keeps only the digits typed', () => {
    expect(keepDigits('1,2a3.4 5$')).toBe('12345');
    expect(keepDigits('-50')).toBe('50');
  });

  it('takes 50 or more whole tokens up to the balance', () => {
    expect(parseWithdrawal('50', 5000)).toEqual({ amount: 50 });
    expect(parseWithdrawal('120', 12_099)).toEqual({ amount: 120 });
  });

  it('refuses less than 50 with "Minimum withdrawal amount is $50"', () => {
    expect(PAYOUT_MESSAGES.minimum).toBe('Minimum withdrawal amount is $50');
    expect(parseWithdrawal('49', 100_000)).toEqual({ error: PAYOUT_MESSAGES.minimum });
    expect(parseWithdrawal('0', 100_000)).toEqual({ error: PAYOUT_MESSAGES.minimum });
  });

  it('refuses more than the wallet holds in whole tokens with "Insufficient balance"', () => {
    expect(parseWithdrawal('51', 5099)).toEqual({ error: 'Insufficient balance' });
    expect(parseWithdrawal('50', 4999)).toEqual({ error: 'Insufficient balance' });
  });

  it('leaves the balance to the server while the wallet is not known', () => {
    expect(parseWithdrawal('5000', undefined)).toEqual({ amount: 5000 });
    expect(parseWithdrawal('49', undefined)).toEqual({ error: PAYOUT_MESSAGES.minimum });
  });

  it('needs a number', () => {
    expect(parseWithdrawal('', 100_000)).toEqual({ error: PAYOUT_MESSAGES.notANumber });
    expect(parseWithdrawal('abc', 100_000)).toEqual({ error: PAYOUT_MESSAGES.notANumber });
  });

  it('is checked again by the server: whole tokens, at least 50', () => {
    expect(WithdrawalInput.safeParse({ amount: 50 }).success).toBe(true);
    expect(WithdrawalInput.safeParse({ amount: 49 }).error?.issues[0]?.message).toBe(PAYOUT_MESSAGES.minimum);
    for (const amount of [50.5, '50', null, 1_000_000]) {
      expect(WithdrawalInput.safeParse({ amount }).success).toBe(false);
    }
  });
});

describe('payout account status (product.md section 4)', () => {
  it('is setup without an account, update until payouts are enabled, ok after', () => {
    expect(payoutAccountState(null)).toBe('setup');
    expect(payoutAccountState({ payoutsEnabled: false })).toBe('update');
    expect(payoutAccountState({ payoutsEnabled: true })).toBe('ok');
  });
});

describe('withdrawal status', () => {
  it('reads "Completed" for a paid transfer', () => {
    expect(withdrawalStatusLabel('paid')).toBe('Completed');
    expect(withdrawalStatusLabel('pending')).toBe('Pending');
    expect(withdrawalStatusLabel('failed')).toBe('Failed');
    expect(withdrawalStatusLabel('in_transit')).toBe('In transit');
    expect(withdrawalStatusLabel('payout_failed')).toBe('Payout failed');
  });
});
