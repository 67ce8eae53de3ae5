import http from 'node:http';
import https from 'node:https';
import {
  type AddressPolicy,
  pinnedLookup,
  RefusedAddressError,
  type ResolvedAddress,
  resolveCheckedAddress,
} from './address-guard';

export type OutboundRequest = {
  url: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string | number>;
  body?: string | Buffer;
};

export type OutboundOptions = AddressPolicy & {
  /** Resolving, connecting and the TLS handshake, all within this. */
  connectTimeoutMs: number;
  /** The whole exchange, redirects and reading the answer included. */
  totalTimeoutMs: number;
  /** Bytes of the answer read; the rest is not waited for. */
  maxBodyBytes: number;
  /** Redirects followed, each one's address checked again (default 0: a 3xx is the answer). */
  maxRedirects?: number;
  /** Plain http too (default: only where allowLocal). */
  allowHttp?: boolean;
};

export type OutboundResponse = {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  /** At most maxBodyBytes of the answer. */
  body: Buffer;
  /** The address answered last (after any redirects). */
  url: string;
};

/** Why a request got no answer, in words fit for a user, and the detail for the server's log. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A request to a URL a user gave (decision 056): https only (http too on a developer's machine), every
 * address of the host checked and the connection pinned to the checked one, a connect deadline and a total
 * one, a capped read of the answer, and redirects followed only when asked, each new host checked the
 * same way. Throws OutboundError (refused, timed out, unreachable) and never says where a name pointed.
 */
export async function guardedRequest(request: OutboundRequest, options: OutboundOptions): Promise<OutboundResponse> {
  const total = AbortSignal.timeout(options.totalTimeoutMs);
  let current = { ...request };
  for (let hop = 0; ; hop++) {
    const url = parseUrl(current.url, options.allowHttp ?? options.allowLocal);
    const response = await requestOnce(url, current, total, options).catch((err: unknown) => {
      throw describeFailure(err, total.aborted);
    });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode) || !location || hop >= (options.maxRedirects ?? 0)) return response;
    const keepsMethod = response.statusCode === 307 || response.statusCode === 308;
    current = {
      url: new URL(location, url).href,
      method: keepsMethod ? current.method : 'GET',
      headers: keepsMethod ? current.headers : withoutBodyHeaders(current.headers),
      body: keepsMethod ? current.body : undefined,
    };
  }
}

function parseUrl(value: string, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundError('refused: not a valid address', 'not a URL');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new OutboundError('refused: not an https:// address', `protocol ${url.protocol}`);
  }
  if (url.username || url.password) throw new OutboundError('refused: an address with a password', 'credentials');
  return url;
}

function withoutBodyHeaders(headers: OutboundRequest['headers']) {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => !/^content-(length|type|encoding)$/i.test(name)),
  );
}

class ConnectTimeout extends Error {
  constructor() {
    super('no connection within the connect deadline');
    this.name = 'ConnectTimeout';
  }
}

async function requestOnce(
  url: URL,
  request: OutboundRequest,
  total: AbortSignal,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  const connecting = new AbortController();
  const connectTimer = setTimeout(() => connecting.abort(new ConnectTimeout()), options.connectTimeoutMs);
  const signal = AbortSignal.any([total, connecting.signal]);
  try {
    const target = await untilAborted(resolveCheckedAddress(url.hostname, options), signal);
    return await send(url, request, target, signal, {
      maxBodyBytes: options.maxBodyBytes,
      onConnected: () => clearTimeout(connectTimer),
    });
  } finally {
    clearTimeout(connectTimer);
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return Promise.race([
    work,
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  ]);
}

function send(
  url: URL,
  request: OutboundRequest,
  target: ResolvedAddress,
  signal: AbortSignal,
  options: { maxBodyBytes: number; onConnected: () => void },
): Promise<OutboundResponse> {
  const isHttps = url.protocol === 'https:';
  const body = request.body ?? '';
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(url, {
      method: request.method,
      headers: { ...request.headers, ...(request.body !== undefined && { 'content-length': Buffer.byteLength(body) }) },
      lookup: pinnedLookup(target),
      agent: false,
      signal,
    });
    req.on('socket', (socket) => {
      socket.once(isHttps ? 'secureConnect' : 'connect', options.onConnected);
    });
    req.on('error', (err) => reject(signal.aborted ? signal.reason : err));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        res.destroy();
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).subarray(0, options.maxBodyBytes),
          url: url.href,
        });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxBodyBytes) done();
      });
      res.on('end', done);
      res.on('error', (err) => reject(signal.aborted ? signal.reason : err));
    });
    req.end(request.body);
  });
}

const CODES: Record<string, string> = {
  ENOTFOUND: 'could not resolve the host name',
  EAI_AGAIN: 'could not resolve the host name',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  EPIPE: 'connection reset',
};

/** What a user may read of a failure (fixed words, a TLS code at most) and the full story for the log. */
export function describeFailure(err: unknown, isPastTotal = false): OutboundError {
  if (err instanceof OutboundError) return err;
  if (err instanceof RefusedAddressError) return new OutboundError(err.message, err.detail);
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  if (err instanceof ConnectTimeout) return new OutboundError('timed out connecting', detail);
  if (isPastTotal || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) {
    return new OutboundError('timed out', detail);
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  const known = CODES[code];
  if (known) return new OutboundError(known, detail);
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/.test(code)) {
    return new OutboundError(`TLS error: ${code}`, detail);
  }
  return new OutboundError('request failed', detail);
}
