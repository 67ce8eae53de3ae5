import type { WebhookEventType } from '@sweetwish/shared/webhooks';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { creatorEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from './tables';

/** What the owner sees of an endpoint: never its secrets (those have their own call). */
const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

export type EndpointRow = {
  id: string;
  url: string;
  events: WebhookEventType[];
  disabledReason: 'creator' | 'failing' | null;
  failingSince: Date | null;
  createdAt: Date;
};

const own = (userId: string, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));

export async function countEndpoints(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

/** Takes the user's row lock so two creations at once cannot both pass the count. */
export async function lockUserEndpoints(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${userId}`}))`);
}

export async function insertEndpoint(
  db: Database,
  values: { id: string; userId: string; url: string; events: WebhookEventType[]; secret: string },
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning(endpointColumns);
  if (!row) throw new Error('endpoint not inserted');
  return row;
}

export async function listEndpoints(db: Database, userId: string): Promise<EndpointRow[]> {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function updateOwnEndpoint(
  db: Database,
  userId: string,
  id: string,
  set: { url?: string; events?: WebhookEventType[]; isEnabled?: boolean },
): Promise<EndpointRow | undefined> {
  const enabling =
    set.isEnabled === undefined
      ? {}
      : set.isEnabled
        ? { disabledReason: null, failingSince: null, consecutiveFailures: 0 }
        : { disabledReason: 'creator' as const };
  const [row] = await db
    .update(webhookEndpoints)
    .set({ url: set.url, events: set.events, ...enabling, updatedAt: sql`now()` })
    .where(own(userId, id))
    .returning(endpointColumns);
  return row;
}

export async function deleteOwnEndpoint(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(own(userId, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Every endpoint of the user (their deliveries and log go with them) and every event recorded for them. */
export async function deleteEndpointsOf(db: Database, userId: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  await db.delete(creatorEvents).where(eq(creatorEvents.userId, userId));
}

export type SecretRow = { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null };

export async function findOwnSecret(db: Database, userId: string, id: string): Promise<SecretRow | undefined> {
  const [row] = await db
    .select({
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(own(userId, id));
  return row;
}

/** The current secret becomes the previous one (signing too for `overlapSeconds`), `secret` the current. */
export async function rollOwnSecret(
  db: Database,
  userId: string,
  id: string,
  secret: string,
  overlapSeconds: number,
): Promise<SecretRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + make_interval(secs => ${overlapSeconds})`,
      secret,
      updatedAt: sql`now()`,
    })
    .where(own(userId, id))
    .returning({
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    });
  return row;
}

export async function findEndpointUrl(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row?.url;
}

/** The delivery log of one endpoint, newest first. */
export async function listAttempts(db: Database, endpointId: string, limit: number) {
  return db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      eventId: webhookDeliveries.eventId,
      eventType: creatorEvents.type,
      at: webhookAttempts.at,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      isSuccess: webhookAttempts.isSuccess,
      durationMs: webhookAttempts.durationMs,
      responseBody: webhookAttempts.responseBody,
      isResend: webhookAttempts.isResend,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(creatorEvents, eq(creatorEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.id))
    .limit(limit);
}

/** Whether the delivery is one of this endpoint's. */
export async function isDeliveryOf(db: Database, endpointId: string, deliveryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row !== undefined;
}

export type DeliveryToSend = {
  id: number;
  status: 'pending' | 'succeeded' | 'failed' | 'abandoned';
  attempts: number;
  eventId: string;
  body: string;
  endpointId: string;
  userId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  disabledReason: 'creator' | 'failing' | null;
};

export async function findDeliveryToSend(db: Database, deliveryId: number): Promise<DeliveryToSend | undefined> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      eventId: creatorEvents.id,
      body: creatorEvents.body,
      endpointId: webhookEndpoints.id,
      userId: webhookEndpoints.userId,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      disabledReason: webhookEndpoints.disabledReason,
    })
    .from(webhookDeliveries)
    .innerJoin(creatorEvents, eq(creatorEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function insertAttempt(
  db: Database,
  values: {
    deliveryId: number;
    endpointId: string;
    at: Date;
    statusCode: number | null;
    error: string | null;
    isSuccess: boolean;
    durationMs: number;
    responseBody: string;
    isResend: boolean;
  },
): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

export async function setDelivery(
  db: Database,
  id: number,
  set: { status?: DeliveryToSend['status']; attempts?: number },
): Promise<void> {
  await db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
}

/**
 * Marks the endpoint failing since `at` unless it already was, and counts one more failure in a row;
 * answers since when it fails and how many in a row.
 */
export async function markEndpointFailing(
  db: Database,
  endpointId: string,
  at: Date,
): Promise<{ failingSince: Date | null; consecutiveFailures: number } | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      failingSince: webhookEndpoints.failingSince,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
    });
  return row;
}

export async function markEndpointHealthy(db: Database, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null, consecutiveFailures: 0 })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** Disables an active endpoint for failing; false when it was not active (disabled meanwhile). */
export async function disableFailingEndpoint(db: Database, endpointId: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledReason: 'failing', updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.disabledReason} is null`))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Keeps the endpoint's log bounded: attempts older than `days` or beyond its `maxRows` newest go, and so do
 * finished deliveries older than `days` and events no delivery refers to any more.
 */
export async function pruneLog(db: Database, endpointId: string, at: Date, days: number, maxRows: number) {
  const cutoff = sql`${at.toISOString()}::timestamptz - make_interval(days => ${days})`;
  await db.execute(sql`
    delete from webhook_attempts where endpoint_id = ${endpointId}
      and (at < ${cutoff} or id < coalesce((select id from webhook_attempts where endpoint_id = ${endpointId}
        order by id desc offset ${maxRows - 1} limit 1), 0))`);
  await db.execute(sql`
    delete from webhook_deliveries where endpoint_id = ${endpointId} and status <> 'pending'
      and created_at < ${cutoff}`);
  await db.execute(sql`
    delete from creator_events e where created_at < ${cutoff}
      and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`);
}

/** Records an event in the caller's transaction (record_webhook_event()); its id, or undefined when no endpoint wants it. */
export async function insertCreatorEvent(
  db: Database,
  userId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`select record_webhook_event(${userId}, ${type}, ${JSON.stringify(data)}::jsonb) as id`,
  );
  return row?.id ?? undefined;
}
