import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import { bareHost, guardedLookup, isPrivateAddress } from './endpoint-guard';

/** A browser's push subscription: where to post and whom to encrypt to. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * delivered: the push service took it (201); gone: the subscription no longer exists (404 or 410) and
 * should be forgotten; failed: anything else (refused, timed out, unreachable, a private address).
 */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; status?: number; reason: string };

export type PushSender = {
  /** The VAPID public key (base64url): browsers subscribe with it. */
  publicKey: string;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number }): Promise<PushOutcome>;
};

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** How long one delivery may take, connection included. */
const TIMEOUT_MS = 10_000;
/** A push service that has not delivered within a day drops it: a day-old "new tip" is still news. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** What a push service may answer at most (it is read only to free the socket). */
const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * Sends web push messages (RFC 8030) with the `web-push` package's encryption (aes128gcm, RFC 8291) and
 * VAPID signature (RFC 8292), over our own request: the package's sender speaks https only and would
 * connect wherever the endpoint's name points. Here, unless `allowPrivateAddresses` (a developer's
 * machine and the tests, decision 029), the endpoint must be https and every address it resolves to
 * public, checked on the address the socket actually connects to.
 */
export function createPushSender(options: {
  vapid: VapidDetails;
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
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
      const host = bareHost(url.hostname);
      if (!allowPrivateAddresses && net.isIP(host) && isPrivateAddress(host)) {
        return { kind: 'failed', reason: 'the push endpoint is a private address' };
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
      return post(url, details, { timeoutMs, allowPrivateAddresses });
    },
  };
}

function post(
  url: URL,
  details: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  options: { timeoutMs: number; allowPrivateAddresses: boolean },
): Promise<PushOutcome> {
  return new Promise((resolve) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: options.allowPrivateAddresses ? undefined : guardedLookup,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('error', () => {});
        response.on('close', () => {
          if (status === 201 || status === 202 || status === 200) resolve({ kind: 'delivered', status });
          else if (status === 404 || status === 410) resolve({ kind: 'gone', status });
          else resolve({ kind: 'failed', status, reason: `the push service answered ${status}` });
        });
        response.resume();
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      const reason =
        err.name === 'TimeoutError' || err.name === 'AbortError'
          ? `no answer within ${options.timeoutMs} ms`
          : (err.code ?? err.message);
      resolve({ kind: 'failed', reason });
    });
    request.end(details.body ?? undefined);
  });
}
