import { describe, expect, it } from 'vitest';
import { formatPhone, notificationDestination, notificationNoun } from './settings-text';

describe('where notifications go', () => {
  it('names the phone for text messages', () => {
    expect(notificationDestination('sms', { phoneNumber: '+12025550123', email: null })).toBe(
      'by text message to +1 202-555-0123',
    );
    expect(notificationNoun('sms')).toBe('A text message');
  });

  it('names the address for e-mail', () => {
    expect(notificationDestination('email', { phoneNumber: null, email: 'fan@example.com' })).toBe(
      'by e-mail to fan@example.com',
    );
    expect(notificationNoun('email')).toBe('An e-mail');
  });

  it('says only the channel when the address is not known here', () => {
    expect(notificationDestination('sms', { phoneNumber: null, email: 'fan@example.com' })).toBe('by text message');
  });

  it('writes US numbers readably and leaves others alone', () => {
    expect(formatPhone('+13105550199')).toBe('+1 310-555-0199');
    expect(formatPhone('+447700900123')).toBe('+447700900123');
  });
});
