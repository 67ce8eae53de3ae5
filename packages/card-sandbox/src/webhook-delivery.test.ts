import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from './webhook-delivery';

describe('signatureHeader', () => {
  const secret = 'whsec_test_secret';
  const payload = JSON.stringify({ id: 'evt_1', object: 'event' }, null, 2);
  const stripe = new Stripe('sk_test_unused');

  it('signs exactly as Stripe does', () => {
    const timestamp = Math.floor(Date.now() / 1000);
    expect(signatureHeader(payload, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
    expect(stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret, timestamp), secret).id).toBe(
      'evt_1',
    );
  });

  it('fails verification with another secret or a changed body', () => {
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, secret)).toThrow();
  });
});
