import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, space-separated (Standard Webhooks). */
export function webhookSignature(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
    })
    .join(' ');
}

/** The headers of one delivery: `webhook-id` is the event's, the same on every retry. */
export function signedHeaders(options: { secrets: string[]; id: string; at: Date; body: string }) {
  const timestamp = Math.floor(options.at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Sweetwish-Webhooks/1',
    'webhook-id': options.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(options.secrets, options.id, timestamp, options.body),
  };
}
