import { randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookAttempts,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
  type WebhookEventType,
  type WebhookSecret,
  type WebhookTestEvent,
} from '@sweetwish/shared/webhooks';
import { isPublicUrlHost } from '../../adapters/outbound/address-guard';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/repo';
import {
  countEndpoints,
  deleteEndpointsOf,
  deleteOwnEndpoint,
  type EndpointRow,
  findEndpointUrl,
  findOwnSecret,
  insertCreatorEvent,
  insertEndpoint,
  isDeliveryOf,
  listAttempts,
  listEndpoints,
  lockUserEndpoints,
  rollOwnSecret,
  type SecretRow,
  updateOwnEndpoint,
} from './repo';
import { WEBHOOK_SECRET_OVERLAP_SECONDS } from './retry-schedule';
import { newWebhookSecret } from './signing';
import { insertTestEvent } from './webhook-test-event-repo';
import { webhookDeliveryJobKind } from './worker-kind';

export const WEBHOOK_MESSAGES = {
  notFound: 'No such webhook endpoint.',
  tooMany: `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
  notHttps: 'The address must start with https://',
  credentials: 'The address must not contain a user name or password',
  privateAddress: 'The address must be a public address on the internet.',
  noSuchDelivery: 'No such delivery.',
  resendDisabled: 'Turn the endpoint on to resend a delivery.',
  testDisabled: 'Turn the endpoint on to send it a test event.',
} as const;

/** The deployment decides: http and this machine's or its network's addresses only on a local PUBLIC_URL. */
export type EndpointPolicy = { allowLocal: boolean };

function invalidUrl(message: string): AppError {
  return new AppError('VALIDATION', message, { url: message });
}

/**
 * Checks an endpoint's address when it is saved: https, no credentials, not a private address or a local
 * name. Names are resolved and checked again at every delivery (adapters/outbound): that check is the one
 * that counts, as what a name resolves to changes.
 */
export function checkEndpointUrl(value: string, policy: EndpointPolicy): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(policy.allowLocal && url.protocol === 'http:')) {
    throw invalidUrl(WEBHOOK_MESSAGES.notHttps);
  }
  if (url.username || url.password) throw invalidUrl(WEBHOOK_MESSAGES.credentials);
  if (!policy.allowLocal && !isPublicUrlHost(url)) {
    throw invalidUrl(WEBHOOK_MESSAGES.privateAddress);
  }
  return url.href;
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.disabledReason === 'creator' ? 'disabled' : row.disabledReason === 'failing' ? 'failing' : 'active',
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSecret(row: SecretRow): WebhookSecret {
  const isOverlapping = row.previousSecret !== null && (row.previousSecretExpiresAt?.getTime() ?? 0) > Date.now();
  return {
    secret: row.secret,
    previousExpiresAt: isOverlapping ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
  };
}

const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);

export async function listWebhookEndpoints(db: Database, userId: string): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(db, userId)).map(toEndpoint);
}

export async function createWebhookEndpoint(
  db: Database,
  userId: string,
  input: WebhookEndpointInput,
  policy: EndpointPolicy,
): Promise<WebhookEndpoint> {
  const url = checkEndpointUrl(input.url, policy);
  return db.transaction(async (tx) => {
    await lockUserEndpoints(tx, userId);
    if ((await countEndpoints(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
    const id = `we_${randomBytes(12).toString('base64url')}`;
    return toEndpoint(await insertEndpoint(tx, { id, userId, url, events: input.events, secret: newWebhookSecret() }));
  });
}

export async function updateWebhookEndpoint(
  db: Database,
  userId: string,
  id: string,
  input: WebhookEndpointUpdate,
  policy: EndpointPolicy,
): Promise<WebhookEndpoint> {
  const url = input.url === undefined ? undefined : checkEndpointUrl(input.url, policy);
  const row = await updateOwnEndpoint(db, userId, id, { url, events: input.events, isEnabled: input.isEnabled });
  if (!row) throw notFound();
  return toEndpoint(row);
}

export async function deleteWebhookEndpoint(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnEndpoint(db, userId, id))) throw notFound();
}

/** The signing secret: only ever answered to the endpoint's owner. */
export async function getWebhookSecret(db: Database, userId: string, id: string): Promise<WebhookSecret> {
  const row = await findOwnSecret(db, userId, id);
  if (!row) throw notFound();
  return toSecret(row);
}

/** A new secret; the one before keeps signing beside it for 24 hours, so receivers can switch without a gap. */
export async function rollWebhookSecret(db: Database, userId: string, id: string): Promise<WebhookSecret> {
  const row = await rollOwnSecret(db, userId, id, newWebhookSecret(), WEBHOOK_SECRET_OVERLAP_SECONDS);
  if (!row) throw notFound();
  return toSecret(row);
}

export async function listWebhookAttempts(db: Database, userId: string, id: string): Promise<WebhookAttempts> {
  if (!(await findOwnSecret(db, userId, id))) throw notFound();
  const rows = await listAttempts(db, id, 100);
  return { attempts: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
}

/** Sends a delivery again now (its webhook-id unchanged), on the job runner; not counted in its retries. */
export async function resendWebhookDelivery(db: Database, userId: string, id: string, deliveryId: number) {
  const endpoint = (await listEndpoints(db, userId)).find((e) => e.id === id);
  if (!endpoint) throw notFound();
  if (!(await isDeliveryOf(db, id, deliveryId))) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.noSuchDelivery);
  if (endpoint.disabledReason !== null) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.resendDisabled);
  // Counted under its endpoint and creator like every delivery (decision 055).
  await enqueueJob(db, webhookDeliveryJobKind, { deliveryId, isResend: true }, { groupKey: id, tenantKey: userId });
}

/**
 * "Send test event": a `webhook.test` event to this one endpoint, signed and delivered by the delivery job
 * like any event (its log shows it, a failure is retried on the same schedule). Only to an active endpoint
 * of the user's own; what a receiver gets holds nothing private.
 */
export async function sendWebhookTestEvent(db: Database, userId: string, id: string): Promise<WebhookTestEvent> {
  const endpoint = (await listEndpoints(db, userId)).find((e) => e.id === id);
  if (!endpoint) throw notFound();
  if (endpoint.disabledReason !== null) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.testDisabled);
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  await db.transaction(async (tx) => {
    const data = { message: 'A test event from Sweetwish: your endpoint receives and verifies deliveries.' };
    const deliveryId = await insertTestEvent(tx, { eventId, userId, endpointId: id, at: new Date(), data });
    await enqueueJob(tx, webhookDeliveryJobKind, { deliveryId }, { groupKey: id, tenantKey: userId });
  });
  return { eventId };
}

export async function getEndpointUrl(db: Database, id: string): Promise<string | undefined> {
  return findEndpointUrl(db, id);
}

/** An account being deleted forgets its endpoints (their addresses and secrets) and their logs. */
export async function forgetWebhooks(db: Database, userId: string): Promise<void> {
  await deleteEndpointsOf(db, userId);
}

/**
 * Records an event for the creator's webhooks inside the caller's transaction `tx`, so it exists exactly
 * when what caused it was committed (a crash loses none, a retried request whose work was rolled back
 * records none). Gifts, tips and messages are recorded by triggers; `goal.reached` is recorded by the
 * stream overlay's goal detection calling this. `data` must hold nothing private (decision 032).
 * Answers the event's id (every delivery's `webhook-id`), or undefined when no active endpoint wants it.
 */
export async function recordCreatorEvent(
  tx: Database,
  creatorId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<string | undefined> {
  return insertCreatorEvent(tx, creatorId, type, data);
}
