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
  /** Resolving, connecting and the TLS handshake, all within this (default 10 s). */
  connectTimeoutMs?: number;
  /** Connecting, sending and reading the answer, all within this (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer read; the rest is not waited for (default 4 KB). */
  maxBodyBytes?: number;
  /** Deliveries under way at once on this instance; more wait their turn (default 8). */
  maxConcurrent?: number;
};

export type WebhookSender = { send: (request: WebhookRequest) => Promise<WebhookResponse> };

/**
 * POSTs signed deliveries to creators' endpoints through the one outbound guard (adapters/outbound,
 * decision 056): every address checked after DNS and the connection pinned to it, one deadline for the
 * whole exchange, a capped read of the answer, no redirects followed (a 3xx is an answer like any other,
 * and a failure), and a cap on deliveries at once.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const slots = createSlots(options.maxConcurrent ?? 8);

  async function send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    await slots.take();
    try {
      const answer = await guardedRequest(
        { url: request.url, method: 'POST', headers: request.headers, body: request.body },
        {
          allowLocal: options.allowLocal,
          resolve: options.resolve,
          connectTimeoutMs: options.connectTimeoutMs ?? timeoutMs,
          totalTimeoutMs: timeoutMs,
          maxBodyBytes: options.maxBodyBytes ?? 4096,
        },
      );
      return { statusCode: answer.statusCode, error: null, durationMs: took(), body: answer.body.toString('utf8') };
    } catch (err) {
      const failure = describeFailure(err);
      return { statusCode: null, error: failure.message, detail: failure.detail, durationMs: took(), body: '' };
    } finally {
      slots.give();
    }
  }

  return { send };
}

/** A counting semaphore: at most `size` holders, the others queued in order. */
function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    take: () =>
      free > 0
        ? Promise.resolve(void free--)
        : new Promise<void>((resolve) => {
            waiting.push(resolve);
          }),
    give: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
