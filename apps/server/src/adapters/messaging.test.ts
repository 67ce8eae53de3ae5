import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createMessaging } from './messaging';

// Choosing an adapter touches neither the database nor the network.
const database = {} as DatabaseHandle;
const twilio = {
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'a-secret-auth-token',
  TWILIO_FROM_NUMBER: '+15005550006',
};
const smtp = { SMTP_URL: 'smtp://user:pass@smtp.example.com:587' };

function kindsFor(env: Record<string, string>) {
  const messaging = createMessaging(loadConfig({ DATA_DIR: '/tmp/sweetwish-unused', ...env }), database);
  void messaging.close();
  return { sms: messaging.sms.kind, email: messaging.email.kind };
}

describe('createMessaging', () => {
  it('uses the local outbox for both channels when no provider is configured', () => {
    expect(kindsFor({})).toEqual({ sms: 'outbox', email: 'outbox' });
  });

  it('uses each configured provider and the outbox for the other channel', () => {
    expect(kindsFor(twilio)).toEqual({ sms: 'twilio', email: 'outbox' });
    expect(kindsFor(smtp)).toEqual({ sms: 'outbox', email: 'smtp' });
    expect(kindsFor({ ...twilio, ...smtp })).toEqual({ sms: 'twilio', email: 'smtp' });
  });
});
