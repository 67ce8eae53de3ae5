import { describe, expect, it } from 'vitest';
import { CANCELLED_SIGN_IN_MESSAGE, providerErrorMessage } from './provider-error';

describe('the message for a Google or Apple sign-in that came back with an error', () => {
  it('says cancelled for a cancel at either provider, and product.md text otherwise', () => {
    expect(providerErrorMessage(null)).toBeUndefined();
    expect(providerErrorMessage('access_denied')).toBe(CANCELLED_SIGN_IN_MESSAGE);
    expect(providerErrorMessage('user_cancelled_authorize')).toBe(CANCELLED_SIGN_IN_MESSAGE);
    expect(providerErrorMessage('state_mismatch')).toBe('There was a problem signing in.');
    expect(providerErrorMessage('account_already_linked_to_different_user')).toBe('There was a problem signing in.');
  });
});
