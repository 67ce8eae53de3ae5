import { WEBHOOK_EVENT_TYPES, WEBHOOK_LOGGED_EVENT_TYPES } from '@sweetwish/shared/webhooks';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** Why an endpoint gets nothing: turned off by its owner, or failing for 5 days (decision 032). */
export const WEBHOOK_DISABLED_REASONS = ['creator', 'failing'] as const;

/** A creator's webhook endpoint (at most MAX_WEBHOOK_ENDPOINTS each). Its secrets are shown only to its owner. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events', { enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
    secret: text('secret').notNull(),
    /** The secret before the last roll: it signs too until previous_secret_expires_at. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** null: active. */
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    /** The first failed attempt since the last success: 5 days past it, the endpoint is disabled. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Scheduled attempts failed in a row: 20 of them over an hour or more pause the endpoint (decision 055). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What happened, recorded by record_webhook_event() in the transaction that made it happen (a purchase, a
 * message, a goal), only when the user has an endpoint that wants it. `id` is the `webhook-id` of every
 * delivery and retry of it; `body` is the exact JSON sent, so every retry sends the same bytes.
 */
export const creatorEvents = pgTable(
  'creator_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the events, or the test event that "Send test event" sends to one endpoint. */
    type: text('type', { enum: WEBHOOK_LOGGED_EVENT_TYPES }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('creator_events_created_idx').on(t.createdAt)],
);

/**
 * One event to one endpoint. pending: its job tries it on the retry schedule; succeeded; failed (the
 * schedule ran out); abandoned (the endpoint was disabled meanwhile).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'abandoned'] as const;

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => creatorEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    /** Scheduled attempts made (resends not counted): the retry schedule's position. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** The delivery log: one row per attempt, newest first per endpoint, pruned to 30 days and 500 rows. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    isSuccess: boolean('is_success').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The first WEBHOOK_LOG_BODY_CHARS characters of the answer. */
    responseBody: text('response_body').notNull().default(''),
    isResend: boolean('is_resend').notNull().default(false),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, sql`${t.id} desc`)],
);
