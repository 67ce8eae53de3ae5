import type { Resolver } from '../outbound/address-guard';
import { describeFailure, guardedRequest } from '../outbound/guarded-request';

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };

/** What one delivery attempt got: a status, or why none came. Never throws. */
export type WebhookResponse = {
  statusCode: number | null;
  /** Why no answer came, in words the creator may read (their delivery log). */
  error: string | null;
  /** The same for the server's log: what a name resolved to, the system's error. Never shown to the creator. */
  detail?: string;
  durationMs: number;
  /** At most `maxBodyBytes` of the answer's body, as text. */
  body: string;
};

export type WebhookSenderOptions = {
  /** http and loopback or private addresses: only when the product runs on a local PUBLIC_URL (decision 032). */
  allowLocal: boolean;
  resolve?: Resolver;
  /** Resolving, connecting and the TLS handshake, all within this (default 3 s). */
  connectTimeoutMs?: number;
  /** Connecting, sending and reading the answer, all within this (default 5 s). */
  timeoutMs?: number;
  /** Bytes of the answer read; the rest is not waited for (default 4 KB). */
  maxBodyBytes?: number;
};

export type WebhookSender = { send: (request: WebhookRequest) => Promise<WebhookResponse> };

/**
 * POSTs signed deliveries to creators' endpoints through the one outbound guard (adapters/outbound,
 * decision 056): every address checked after DNS and the connection pinned to it, a connect deadline and
 * a total one of a few seconds (a receiver that never answers holds a slot of the webhook lane 5 s at most,
 * decision 055), a capped read of the answer, and no redirects followed (a 3xx is an answer like any
 * other, and a failure). How many run at once is the webhook lane's business.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 5_000;

  async function send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const answer = await guardedRequest(
        { url: request.url, method: 'POST', headers: request.headers, body: request.body },
        {
          allowLocal: options.allowLocal,
          resolve: options.resolve,
          connectTimeoutMs: Math.min(options.connectTimeoutMs ?? 3_000, timeoutMs),
          totalTimeoutMs: timeoutMs,
          maxBodyBytes: options.maxBodyBytes ?? 4096,
        },
      );
      return { statusCode: answer.statusCode, error: null, durationMs: took(), body: answer.body.toString('utf8') };
    } catch (err) {
      const failure = describeFailure(err);
      return { statusCode: null, error: failure.message, detail: failure.detail, durationMs: took(), body: '' };
    }
  }

  return { send };
}
