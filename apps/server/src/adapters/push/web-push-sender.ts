import webpush from 'web-push';
import { isPublicUrlHost, REFUSED_ADDRESS, type Resolver } from '../outbound/address-guard';
import { describeFailure, guardedRequest } from '../outbound/guarded-request';

/** A browser's push subscription: where to post and whom to encrypt to. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * delivered: the push service took it (201); gone: the subscription no longer exists (404 or 410) and
 * should be forgotten; failed: anything else (refused, timed out, unreachable, a private address).
 */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; status?: number; reason: string; detail?: string };

export type PushSender = {
  /** The VAPID public key (base64url): browsers subscribe with it. */
  publicKey: string;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number }): Promise<PushOutcome>;
};

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** How long one delivery may take, connection included, and how long connecting may take of it. */
const TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 3_000;
/** A push service that has not delivered within a day drops it: a day-old "new tip" is still news. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** What a push service may answer at most (it is read only to free the socket). */
const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * Sends web push messages (RFC 8030) with the `web-push` package's encryption (aes128gcm, RFC 8291) and
 * VAPID signature (RFC 8292), over our own request: the package's sender speaks https only and would
 * connect wherever the endpoint's name points. Here, unless `allowPrivateAddresses` (a developer's
 * machine and the tests, decision 029), the endpoint must be https and every address it resolves to
 * public, through the one guard every outbound request uses (adapters/outbound, decision 056).
 */
export function createPushSender(options: {
  vapid: VapidDetails;
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
  /** Tests: resolve names their own way (to a private address). */
  resolve?: Resolver;
}): PushSender {
  const { vapid, allowPrivateAddresses } = options;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, sendOptions = {}) {
      let url: URL;
      try {
        url = new URL(target.endpoint);
      } catch {
        return { kind: 'failed', reason: 'the endpoint is not a URL' };
      }
      if (url.protocol !== 'https:' && !(allowPrivateAddresses && url.protocol === 'http:')) {
        return { kind: 'failed', reason: 'the endpoint is not https' };
      }
      if (!allowPrivateAddresses && !isPublicUrlHost(url)) {
        return { kind: 'failed', reason: REFUSED_ADDRESS };
      }
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: sendOptions.ttlSeconds ?? DEFAULT_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
      } catch (err) {
        return { kind: 'failed', reason: `could not encrypt: ${err instanceof Error ? err.message : String(err)}` };
      }
      return post(url, details, { timeoutMs, allowPrivateAddresses, resolve: options.resolve });
    },
  };
}

async function post(
  url: URL,
  details: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  options: { timeoutMs: number; allowPrivateAddresses: boolean; resolve: Resolver | undefined },
): Promise<PushOutcome> {
  try {
    const { statusCode: status } = await guardedRequest(
      { url: url.href, method: 'POST', headers: details.headers, body: details.body ?? undefined },
      {
        allowLocal: options.allowPrivateAddresses,
        resolve: options.resolve,
        connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, options.timeoutMs),
        totalTimeoutMs: options.timeoutMs,
        maxBodyBytes: MAX_ANSWER_BYTES,
      },
    );
    if (status === 201 || status === 202 || status === 200) return { kind: 'delivered', status };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    return { kind: 'failed', status, reason: `the push service answered ${status}` };
  } catch (err) {
    const failure = describeFailure(err);
    return { kind: 'failed', reason: failure.message, detail: failure.detail };
  }
}
