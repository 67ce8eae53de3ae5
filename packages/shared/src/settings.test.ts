import { describe, expect, it } from 'vitest';
import { DeleteAccountInput, UpdateSettingsInput } from './settings';

describe('settings', () => {
  it('change one or more of the three choices, and nothing else', () => {
    expect(UpdateSettingsInput.safeParse({ notifyGifts: false }).success).toBe(true);
    expect(UpdateSettingsInput.safeParse({ notifyMessages: true, fansCanMessage: false }).success).toBe(true);
    expect(UpdateSettingsInput.safeParse({}).success).toBe(false);
    expect(UpdateSettingsInput.safeParse({ notifyGifts: 'false' }).success).toBe(false);
    expect(UpdateSettingsInput.safeParse({ notificationChannel: 'email' }).success).toBe(false);
  });

  it('delete an account only when the request says it was confirmed', () => {
    expect(DeleteAccountInput.safeParse({ isConfirmed: true }).success).toBe(true);
    expect(DeleteAccountInput.safeParse({ isConfirmed: false }).success).toBe(false);
    expect(DeleteAccountInput.safeParse({}).success).toBe(false);
  });
});
