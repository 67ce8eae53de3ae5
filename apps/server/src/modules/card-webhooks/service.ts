import type Stripe from 'stripe';
import { z } from 'zod';
import type { CardPayments } from '../../adapters/payments/card-payments';
import { AppError } from '../../errors';

// The card provider's webhook deliveries, at both endpoints: checkout's (payments, refunds, disputes) and
// payouts' (Connect accounts, transfers). Each is verified here and recorded once, in its effect's transaction.
export { recordWebhookEvent } from './repo';

/** The parts of an event every handler relies on; the SDK's types promise them but do not check them. */
const WebhookEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
/** Every object handleWebhookEvent acts on (sessions, disputes, accounts, transfers) names itself by id. */
const HANDLED_OBJECT = z.object({ id: z.string().min(1).max(255) });
/** The event types handleWebhookEvent acts on; others are only recorded (a balance, say, has no id). */
const HANDLED_TYPES: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.closed',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'radar.early_fraud_warning.created',
  'account.updated',
  'payout.paid',
  'payout.failed',
  'transfer.reversed',
]);
const INVALID_EVENT = 'Invalid webhook event';

/**
 * Verifies a webhook delivery's signature and age, then its shape; throws VALIDATION when it is not from
 * the provider or lacks what every event has (a signed body is trusted, not assumed well formed).
 */
export function verifyWebhook(
  payments: CardPayments | undefined,
  rawBody: string,
  signature: string | undefined,
  endpoint: 'platform' | 'connect' = 'platform',
): Stripe.Event {
  if (!payments || !signature) throw new AppError('VALIDATION', 'Invalid webhook signature');
  // Each endpoint has its own secret: a platform event is refused at the Connect endpoint, and back.
  const secret = endpoint === 'connect' ? payments.connectWebhookSecret : payments.webhookSecret;
  let event: unknown;
  try {
    event = payments.stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('VALIDATION', 'Invalid webhook signature');
  }
  const envelope = WebhookEnvelope.safeParse(event);
  const isWellFormed =
    envelope.success &&
    (!HANDLED_TYPES.has(envelope.data.type) || HANDLED_OBJECT.safeParse(envelope.data.data.object).success);
  if (!isWellFormed) throw new AppError('VALIDATION', INVALID_EVENT, { body: INVALID_EVENT });
  return event as Stripe.Event;
}
