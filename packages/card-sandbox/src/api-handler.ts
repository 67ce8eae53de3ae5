import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { cutConnection } from './connection-cut';
import { type ParamObject, ParamReader, paramsFromJson, parseParams } from './form-params';
import { canonicalParams, findStoredAnswer, type IdempotentRequest, storeAnswer } from './idempotency';
import { newId } from './ids';
import type { RequestRef } from './request-ref';
import { API_VERSION, type SandboxCore } from './sandbox-core';
import { StripeApiError } from './stripe-error';

export type ApiRequest = {
  params: ParamReader;
  /** The route's path parameters (`:id`). */
  path: (name: string) => string;
  /** This request, for the events it causes. */
  request: RequestRef;
  /** The connected account named by `Stripe-Account` (endpoints that allow it only), else null. */
  stripeAccount: string | null;
  /**
   * From the change step: once the change is saved and its answer stored, cut the connection instead
   * of answering (test control drop-next), and do the same for the next `replays` replays of its
   * idempotency key.
   */
  cutConnection: (replays: number) => void;
};

/**
 * An endpoint in two steps: the first reads and checks every parameter and changes nothing; the
 * function it returns makes the change and gives the answer's body. Between the two, parameters
 * that were not read are refused, so a refused request never leaves a trace.
 */
export type Endpoint = (request: ApiRequest) => () => unknown;

type EndpointOptions = {
  /** `form` for the Stripe API (`application/x-www-form-urlencoded`), `json` for the test controls. */
  body: 'form' | 'json';
  /** Whether the endpoint may act on behalf of a connected account (the `Stripe-Account` header). */
  allowsStripeAccount?: boolean;
};

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The key from `Authorization: Bearer sk_...` or, as Stripe also accepts, Basic with the key as user. */
function presentedKey(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  return null;
}

function authenticate(authorization: string | undefined, secretKey: string): void {
  const key = presentedKey(authorization);
  if (key === null || key === '') {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (!timingSafeEqual(digest(key), digest(secretKey))) {
    const masked = key.length > 12 ? `${key.slice(0, 8)}****${key.slice(-4)}` : '****';
    throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
  }
}

async function readParams(c: Context, body: EndpointOptions['body']): Promise<ParamObject> {
  if (c.req.method === 'GET' || c.req.method === 'DELETE') return parseParams(new URL(c.req.url).search.slice(1));
  const text = await c.req.text();
  const isJson = (c.req.header('content-type') ?? '').includes('application/json');
  if (body === 'form') {
    if (isJson) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message:
          "Invalid request: this API takes application/x-www-form-urlencoded bodies (as Stripe's v1 API does), not JSON.",
      });
    }
    return parseParams(text);
  }
  if (!isJson) return parseParams(text);
  if (text.trim() === '') return {};
  try {
    return paramsFromJson(JSON.parse(text));
  } catch (error) {
    if (error instanceof StripeApiError) throw error;
    throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Invalid JSON in the request body.' });
  }
}

/**
 * Wraps an endpoint with what every call shares, as Stripe behaves: the secret key, parameters from
 * the body or query, sessions past their expiry expired and due card funds made available first, `Idempotency-Key` on POST (the same
 * key and parameters replay the stored answer with `Idempotent-Replayed: true`; other parameters are
 * an `idempotency_error`), errors in Stripe's shape, `Request-Id` on every answer, and the state saved
 * before the answer leaves. When the test control drop-next asks for it, the connection is cut after
 * all that instead of answered.
 */
export function apiEndpoint(core: SandboxCore, endpoint: Endpoint, options: EndpointOptions = { body: 'form' }) {
  return async (c: Context) => {
    const requestId = newId('req', 14);
    const headers: Record<string, string> = { 'Request-Id': requestId, 'Stripe-Version': API_VERSION };
    const method = c.req.method;
    let hasChanged = false;
    let idempotent: IdempotentRequest | null = null;
    const cut = { isWanted: false, replays: 0 };
    let status = 200;
    let body: unknown;
    try {
      authenticate(c.req.header('authorization'), core.options.secretKey);
      const stripeAccount = c.req.header('stripe-account') ?? null;
      if (stripeAccount && !options.allowsStripeAccount) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: 'The card sandbox does not act on behalf of connected accounts (the Stripe-Account header).',
        });
      }
      const raw = await readParams(c, options.body);
      hasChanged = core.expireDueSessions();
      // Card funds past their delay are available to this request, as at Stripe, whatever the timer did.
      if (core.settleDueFunds()) hasChanged = true;
      const key = options.body === 'form' && method === 'POST' ? c.req.header('idempotency-key') : undefined;
      if (key) {
        headers['Idempotency-Key'] = key;
        idempotent = { key, method, path: c.req.path, params: canonicalParams(raw) };
        const stored = findStoredAnswer(core.state, idempotent, core.options.now().getTime());
        if (stored) {
          const replay = c.json(stored.body as object, stored.status as 200, {
            ...headers,
            'Idempotent-Replayed': 'true',
            'Original-Request': stored.requestId,
          });
          if (stored.replaysToDrop) {
            stored.replaysToDrop -= 1;
            await core.commit();
            return cutConnection(c, replay);
          }
          if (hasChanged) await core.commit();
          return replay;
        }
      }
      const params = new ParamReader(raw);
      const execute = endpoint({
        params,
        path: (name) => c.req.param(name) ?? '',
        request: { id: requestId, idempotencyKey: key ?? null },
        stripeAccount,
        cutConnection: (replays) => {
          cut.isWanted = true;
          cut.replays = replays;
        },
      });
      params.finish();
      if (method !== 'GET') hasChanged = true;
      body = execute();
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = error.body;
      if (!error.isExecuted) idempotent = null;
      if (status === 401) c.header('WWW-Authenticate', 'Basic realm="Stripe"');
    }
    if (idempotent) {
      const replaysToDrop = cut.isWanted ? cut.replays : 0;
      storeAnswer(core.state, idempotent, { status, body, requestId, replaysToDrop }, core.options.now().getTime());
      hasChanged = true;
    }
    if (hasChanged) await core.commit();
    const answer = c.json(body as object, status as 200, headers);
    return cut.isWanted ? cutConnection(c, answer) : answer;
  };
}

/** Stripe's answer to a path it does not know. */
export function unknownRoute(c: Context) {
  return c.json(
    {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The card sandbox serves only the part of Stripe's API that Sweetwish uses; see packages/card-sandbox/README.md.`,
      },
    },
    404,
  );
}
