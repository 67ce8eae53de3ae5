import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pickAddress, RefusedAddressError, type ResolvedAddress, type Resolver, systemResolver } from './address-guard';

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
  /** Connecting, sending and reading the answer, all within this (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer read; the rest is not waited for (default 4 KB). */
  maxBodyBytes?: number;
  /** Deliveries under way at once on this instance; more wait their turn (default 8). */
  maxConcurrent?: number;
};

export type WebhookSender = { send: (request: WebhookRequest) => Promise<WebhookResponse> };

/**
 * POSTs signed deliveries to creators' endpoints, bounded: one deadline for the whole exchange, a capped
 * read of the answer, no redirects followed (a 3xx is an answer like any other, and a failure), a cap on
 * deliveries at once, and every address checked after DNS and pinned (address-guard.ts).
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4096;
  const slots = createSlots(options.maxConcurrent ?? 8);

  async function send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    await slots.take();
    try {
      const url = new URL(request.url);
      if (url.protocol !== 'https:' && !(options.allowLocal && url.protocol === 'http:')) {
        return { statusCode: null, error: 'refused: not an https:// address', durationMs: took(), body: '' };
      }
      const signal = AbortSignal.timeout(timeoutMs);
      const target = await Promise.race([
        pickAddress(url.hostname, { allowLocal: options.allowLocal, resolve }),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ]);
      const answer = await post(url, target, request, { signal, maxBodyBytes });
      return { ...answer, error: null, durationMs: took() };
    } catch (err) {
      if (err instanceof RefusedAddressError) {
        return { statusCode: null, error: err.message, detail: err.detail, durationMs: took(), body: '' };
      }
      return { statusCode: null, error: describe(err), durationMs: took(), body: '' };
    } finally {
      slots.give();
    }
  }

  return { send };
}

function post(
  url: URL,
  target: ResolvedAddress,
  request: WebhookRequest,
  options: { signal: AbortSignal; maxBodyBytes: number },
): Promise<{ statusCode: number; body: string }> {
  // Only the checked address: whatever the name resolves to now is never asked.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup,
      agent: false,
      signal: options.signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        res.destroy();
        resolve({
          statusCode: res.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, options.maxBodyBytes).toString('utf8'),
        });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxBodyBytes) done();
      });
      res.on('end', done);
      res.on('error', reject);
    });
    req.end(request.body);
  });
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timed out';
    const code = (err as NodeJS.ErrnoException).code;
    return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
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
