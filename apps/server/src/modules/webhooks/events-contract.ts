import { createRoute, z } from '@hono/zod-openapi';

// What a creator's endpoints receive (docs/webhooks.md): one OpenAPI 3.1 webhook per event type, each a POST
// signed by the Standard Webhooks headers. These are requests Sweetwish sends, not routes it serves.

const Person = z
  .object({ id: z.string().nullable(), handle: z.string().nullable(), displayName: z.string() })
  .meta({ id: 'WebhookPerson', description: 'Anonymous (ids null, "Anonymous") for an anonymous gift' });

const StandardWebhookHeaders = z.object({
  'webhook-id': z.string().describe('The event id (`evt_...`): the same on every retry and resend'),
  'webhook-timestamp': z.string().describe('When this attempt was signed, in seconds since 1970 (UTC)'),
  'webhook-signature': z
    .string()
    .describe('`v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two, space-separated, for 24 h after a roll'),
});

const Gift = z.object({
  id: z.string(),
  amount: z.number().int(),
  earnings: z.number().int().describe("The creator's part after fees, in tokens"),
  fan: Person,
});
const EVENT_DATA = {
  'gift.received': Gift.extend({ wish: z.object({ id: z.string(), name: z.string() }) }),
  'tip.received': Gift.extend({ wish: z.null() }),
  'message.received': z.object({
    id: z.string(),
    conversationId: z.string(),
    purchaseId: z.string(),
    type: z.enum(['text', 'image']),
    text: z.string().nullable(),
    sender: Person,
  }),
  'goal.reached': z.object({
    wishId: z.string().nullable().describe('Null for a token target'),
    targetTokens: z.number().int(),
    startedAt: z.string(),
    reachedAt: z.string(),
  }),
} as const;

const SUMMARIES: Record<keyof typeof EVENT_DATA, string> = {
  'gift.received': 'A fan bought one of your wishes',
  'tip.received': 'A fan sent you a tip',
  'message.received': 'Someone sent you a message',
  'goal.reached': 'A stream-overlay goal was reached',
};

const operationIdOf = (type: string) =>
  `webhook${type.replace(/(?:^|\.)(\w)/g, (_match, letter: string) => letter.toUpperCase())}`;

/** One webhook per event type, keyed by the type (the `webhooks` of the document). */
export const CREATOR_WEBHOOKS = Object.entries(EVENT_DATA).map(([type, data]) =>
  createRoute({
    operationId: operationIdOf(type),
    security: [],
    method: 'post',
    path: type,
    summary: SUMMARIES[type as keyof typeof EVENT_DATA],
    description: 'Verify the signature over the raw body and answer 2xx within 5 seconds (docs/webhooks.md).',
    request: {
      headers: StandardWebhookHeaders,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({ type: z.literal(type), timestamp: z.string().describe('ISO 8601 UTC'), data }),
          },
        },
      },
    },
    responses: {
      200: { description: 'Received (any 2xx); anything else, or no answer in 5 s, is retried' },
    },
  }),
);
