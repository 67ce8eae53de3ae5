import type { PushSubscriptionInput } from '@sweetwish/shared/push';
import { ApiError, api, ok } from '../../lib/api-client';

/** Whether this browser can receive web push at all (Safari on iOS only from the installed app). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The app's service worker registration (none in development, where Vite serves no worker). */
export async function appRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await appRegistration())?.pushManager.getSubscription() ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function isSameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * This browser's push subscription for the server's key: the existing one, or a new one (a subscription
 * made for another key, before the server's keys changed, is replaced). Throws when the browser refuses.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const registration = await appRegistration();
  if (!registration) throw new Error('no service worker');
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? '', keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Stops the user's notifications to a device (DELETE /api/push/subscriptions); one already forgotten (404) is fine. */
export async function unregisterPushDevice(endpoint: string): Promise<void> {
  try {
    await ok(api.DELETE('/api/push/subscriptions', { body: { endpoint } }));
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/**
 * On logout, this browser stops receiving the user's notifications: the server forgets it while the session
 * still lets it ask (`tellServer`), and the browser drops its subscription, so the push service refuses any
 * push still sent to it (the server then forgets the address). A failure here never stops the logout.
 */
export async function stopPushOnThisDevice(options: { tellServer: boolean }): Promise<void> {
  if (!isPushSupported()) return;
  const stop = async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    if (options.tellServer) await unregisterPushDevice(subscription.endpoint);
    await subscription.unsubscribe();
  };
  // Bounded: a push service or network that does not answer must not keep the user signed in.
  const giveUp = new Promise<void>((resolve) => setTimeout(resolve, STOP_PUSH_TIMEOUT_MS));
  try {
    await Promise.race([stop(), giveUp]);
  } catch (error) {
    console.warn('Stopping push notifications on this device failed', error);
  }
}

const STOP_PUSH_TIMEOUT_MS = 3000;
