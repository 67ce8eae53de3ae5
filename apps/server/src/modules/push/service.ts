import { ECDH } from 'node:crypto';
import type { PushDevices, PushPayload, PushSubscriptionInput } from '@sweetwish/shared/push';
import { isPublicUrlHost } from '../../adapters/outbound/address-guard';
import type { PushSender } from '../../adapters/push/web-push-sender';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import {
  deleteOwnSubscription,
  deleteSubscriptions,
  deleteSubscriptionsOf,
  listSubscriptions,
  upsertSubscription,
} from './repo';

/** Devices one user may have: a new one beyond it replaces their oldest (a phone, a laptop, a few browsers). */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_MESSAGES = {
  notHttps: 'The push address must be an https:// address.',
  privateAddress: 'The push address must be a public address.',
  badKey: 'The push subscription keys are not valid.',
  noSuchDevice: 'This device does not receive push notifications.',
} as const;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: message });
}

/**
 * Registers this browser for the user's push notifications. An endpoint is whatever the client sent: it
 * must be https on a host that is not an address of a private network, except on a developer's machine
 * (`allowPrivateAddresses`: a local PUBLIC_URL and a request from this machine, like the outbox).
 */
export async function subscribe(
  db: Database,
  userId: string,
  input: PushSubscriptionInput,
  options: { allowPrivateAddresses: boolean },
): Promise<void> {
  const url = new URL(input.endpoint);
  if (url.protocol !== 'https:' && !options.allowPrivateAddresses) throw invalid('endpoint', PUSH_MESSAGES.notHttps);
  if (!options.allowPrivateAddresses && !isPublicUrlHost(url)) {
    throw invalid('endpoint', PUSH_MESSAGES.privateAddress);
  }
  const p256dh = Buffer.from(input.keys.p256dh, 'base64url');
  const auth = Buffer.from(input.keys.auth, 'base64url');
  if (p256dh.length !== 65 || !isCurvePoint(p256dh)) throw invalid('keys.p256dh', PUSH_MESSAGES.badKey);
  if (auth.length !== 16) throw invalid('keys.auth', PUSH_MESSAGES.badKey);
  await upsertSubscription(
    db,
    { userId, endpoint: input.endpoint, p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') },
    MAX_PUSH_DEVICES,
  );
}

/** Whether the bytes are an uncompressed point of P-256 (encrypting to anything else fails at send time). */
function isCurvePoint(key: Buffer): boolean {
  try {
    ECDH.convertKey(key, 'prime256v1', undefined, undefined, 'uncompressed');
    return key[0] === 4;
  } catch {
    return false;
  }
}

/** Stops push to one of the user's own devices (another user's cannot be touched: NOT_FOUND). */
export async function unsubscribe(db: Database, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, endpoint))) throw new AppError('NOT_FOUND', PUSH_MESSAGES.noSuchDevice);
}

/** An account being deleted forgets its devices: their addresses are personal data, and nothing goes to them. */
export async function forgetPushDevices(db: Database, userId: string): Promise<void> {
  await deleteSubscriptionsOf(db, userId);
}

export async function listDevices(db: Database, userId: string): Promise<PushDevices> {
  return { endpoints: (await listSubscriptions(db, userId)).map((s) => s.endpoint) };
}

/** Sends one notification to a user's devices; never throws (a push is a nudge beside the SMS or e-mail). */
export type PushDelivery = (userId: string, message: PushPayload) => Promise<void>;

/**
 * Delivers a notification to every device of the user at once, each bounded by the sender's timeout. A
 * device whose subscription is gone (404/410) is forgotten. Any other failure is logged and not retried
 * (decision 029): the notification's SMS or e-mail is the channel that is retried, and a push sent again
 * after an unclear failure could arrive twice.
 */
export function createPushDelivery(deps: { db: Database; sender: PushSender; logger: Logger }): PushDelivery {
  const { db, sender, logger } = deps;
  return async (userId, message) => {
    try {
      const devices = await listSubscriptions(db, userId);
      if (devices.length === 0) return;
      const payload = JSON.stringify(message);
      const outcomes = await Promise.all(devices.map((device) => sender.send(device, payload)));
      const gone: number[] = [];
      outcomes.forEach((outcome, i) => {
        const subscriptionId = devices[i]?.id;
        if (subscriptionId === undefined) return;
        if (outcome.kind === 'gone') gone.push(subscriptionId);
        // The endpoint is not logged: it is the device's address for anyone holding it.
        else if (outcome.kind === 'failed')
          logger.warn(
            { subscriptionId, status: outcome.status, reason: outcome.reason, detail: outcome.detail },
            'a push was not delivered',
          );
      });
      if (gone.length > 0) {
        await deleteSubscriptions(db, gone);
        logger.info({ subscriptionIds: gone }, 'push subscriptions gone at their push service: removed');
      }
    } catch (err) {
      logger.warn({ err, userId }, 'push delivery failed');
    }
  };
}
