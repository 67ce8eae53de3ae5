import type { PushSubscriptionInput } from '@sweetwish/shared/push';
import { api, ok } from '../../../lib/api-client';

/** The server's VAPID public key (GET /api/push/public-key): the applicationServerKey to subscribe with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await ok(api.GET('/api/push/public-key'))).publicKey;
}

/** The push addresses of the user's devices (GET /api/push/subscriptions). */
export async function fetchPushEndpoints(): Promise<string[]> {
  return (await ok(api.GET('/api/push/subscriptions'))).endpoints;
}

/** Sends the user's notifications to this browser too (POST /api/push/subscriptions). */
export function registerPushDevice(subscription: PushSubscriptionInput): Promise<undefined> {
  return ok(api.POST('/api/push/subscriptions', { body: subscription }));
}
