import { z } from 'zod';

/** Web push (decision 029): a browser's subscription, as `PushSubscription.toJSON()` gives it. */

/** Unpadded base64url, as browsers write keys (a trailing `=` or two is accepted and ignored). */
const base64url = (min: number, max: number, what: string) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`);

/** The push service's address for this device: https (a local http one only on a developer's machine). */
export const PushEndpoint = z
  .url({ protocol: /^https?$/, error: 'must be an https:// address' })
  .max(1024, 'must be at most 1024 characters');

export const PushSubscriptionInput = z.object({
  endpoint: PushEndpoint,
  keys: z.object({
    /** The device's P-256 public key: 65 bytes (87 characters). */
    p256dh: base64url(86, 88, 'p256dh'),
    /** The device's auth secret: 16 bytes (22 characters). */
    auth: base64url(22, 24, 'auth'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushSubscriptionRemoval = z.object({ endpoint: PushEndpoint });
export type PushSubscriptionRemoval = z.infer<typeof PushSubscriptionRemoval>;

/** The server's VAPID public key: the `applicationServerKey` of `pushManager.subscribe`. */
export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** The signed-in user's devices that receive push notifications. */
export const PushDevices = z.object({ endpoints: z.array(z.string()) });
export type PushDevices = z.infer<typeof PushDevices>;

/** What a push message carries (encrypted): shown by the service worker; `url` is a path of this site. */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
