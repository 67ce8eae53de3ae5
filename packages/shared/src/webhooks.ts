import { z } from 'zod';

/** Signed webhooks a creator sends to their own services (decision 032, docs/webhooks.md). */

export const WEBHOOK_EVENT_TYPES = ['gift.received', 'tip.received', 'message.received', 'goal.reached'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * What "Send test event" sends to one endpoint: signed and delivered like any event, never subscribed to.
 * The delivery log shows it beside the events above.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export const WEBHOOK_LOGGED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;
type WebhookLoggedEventType = (typeof WEBHOOK_LOGGED_EVENT_TYPES)[number];

/** Endpoints one user may have (Ko-fi and Buy Me a Coffee allow one or a few). */
export const MAX_WEBHOOK_ENDPOINTS = 5;
export const WEBHOOK_URL_MAX = 1000;

/**
 * active; disabled by the creator; paused because it kept failing (decision 055: a retry never comes
 * until the creator enables it again).
 */
export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled', 'failing'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/**
 * The address deliveries are POSTed to: https, no user name or password in it. A server whose own address is
 * local (a developer's) accepts http addresses on this machine or its network too, for testing; the server
 * checks that (`acceptsLocalHttp` in the endpoint list says which applies).
 */
export const WebhookUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address of your endpoint')
  .max(WEBHOOK_URL_MAX, `The address must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'The address must start with https://',
  })
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
    message: 'The address must not contain a user name or password',
  });

export const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Pick at least one event')
  .refine((events) => new Set(events).size === events.length, { message: 'Each event only once' });

export const WebhookEndpointInput = z.object({ url: WebhookUrl, events: WebhookEvents });
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInput>;

export const WebhookEndpointUpdate = z.object({
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  /** false: disabled by the creator; true: active again (also after it was disabled for failing). */
  isEnabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdate>;

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Since when its deliveries fail (null: the last one succeeded, or none was made). */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpoints = z.object({
  endpoints: z.array(WebhookEndpoint),
  /** This server also accepts http addresses on this machine or its network (a local test server). */
  acceptsLocalHttp: z.boolean(),
});
export type WebhookEndpoints = z.infer<typeof WebhookEndpoints>;

/** The signing secret, shown only to the endpoint's owner; after a roll the previous one signs too, until `previousExpiresAt`. */
export const WebhookSecret = z.object({
  secret: z.string(),
  previousExpiresAt: z.string().nullable(),
});
export type WebhookSecret = z.infer<typeof WebhookSecret>;

/** One attempt to deliver an event, as the delivery log shows it (newest first). */
export const WebhookAttempt = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_LOGGED_EVENT_TYPES),
  at: z.string(),
  /** The receiver's HTTP status; null when no answer came (then `error` says why). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  isSuccess: z.boolean(),
  durationMs: z.number().int(),
  /** The first few hundred characters of the answer's body. */
  responseBody: z.string(),
  isResend: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookAttempts = z.object({ attempts: z.array(WebhookAttempt) });
export type WebhookAttempts = z.infer<typeof WebhookAttempts>;

/** "Send test event" (POST /api/webhooks/endpoints/{id}/test): the event queued, as its log will show it. */
export const WebhookTestEvent = z.object({ eventId: z.string() });
export type WebhookTestEvent = z.infer<typeof WebhookTestEvent>;
