import { createRoute, z } from '@hono/zod-openapi';
import { CARD_PROVIDER_SIGNATURE } from '../../http/api-contract';
import { errorResponse } from '../../http/openapi-responses';

/** A card provider (Stripe) event, as the provider sends it; only its signature makes it trusted. */
const CardProviderEvent = z
  .object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) })
  .meta({ id: 'CardProviderEvent', description: "A Stripe event (Stripe's own schema); unknown types are ignored" });

const webhook = (path: string, operationId: string, summary: string) =>
  createRoute({
    operationId,
    security: CARD_PROVIDER_SIGNATURE,
    method: 'post',
    path,
    summary,
    request: {
      body: { required: true, content: { 'application/json': { schema: CardProviderEvent } } },
    },
    responses: {
      200: {
        description: 'The event is handled (or was already: each event counts once)',
        content: { 'application/json': { schema: z.object({ received: z.literal(true) }) } },
      },
      400: errorResponse('A missing or wrong Stripe-Signature, or no card provider on this deployment'),
    },
  });

export const cardWebhookRoute = webhook(
  '/payments/webhook',
  'checkoutCardWebhook',
  'The card provider tells of payments (top-ups, subscriptions), refunds and disputes',
);
export const connectWebhookRoute = webhook(
  '/payments/connect-webhook',
  'payoutsConnectWebhook',
  "The card provider tells of creators' payout accounts and transfers (Connect)",
);
