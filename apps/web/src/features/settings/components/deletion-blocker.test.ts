import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import { describe, expect, it } from 'vitest';
import { deletionBlocker } from './deletion-blocker';

const wallet = { balanceCents: 0, boughtCents: 0, availableCents: 0, pendingCents: 0, pending: [] };

describe('why an account cannot be deleted yet, before the confirm', () => {
  it('asks a creator with earnings to withdraw first', () => {
    expect(deletionBlocker({ ...wallet, balanceCents: 6000, availableCents: 6000 })).toBe(
      SETTINGS_MESSAGES.withdrawFirst,
    );
  });

  it('names the day pending earnings clear', () => {
    const pending = [
      { amountCents: 800, availableAt: '2027-01-03T12:00:00.000Z' },
      { amountCents: 800, availableAt: '2027-01-09T12:00:00.000Z' },
    ];
    expect(deletionBlocker({ ...wallet, balanceCents: 1600, pendingCents: 1600, pending })).toBe(
      SETTINGS_MESSAGES.pendingEarnings('Jan 9, 2027'),
    );
  });

  it('stands aside for bought tokens and a small remainder, which the server lets one give up', () => {
    expect(deletionBlocker({ ...wallet, balanceCents: 7000, boughtCents: 5000, availableCents: 2000 })).toBeNull();
    expect(deletionBlocker(undefined)).toBeNull();
  });
});
