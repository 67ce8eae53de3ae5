// Pure helpers for the API's contracts (modules/*/contract.ts) and the document built from them
// (api-document.ts): no database, service or adapter, so the document needs neither a server nor a database.

/** The name of the session cookie's security scheme in the document. */
export const SESSION_SCHEME = 'session';

/** A route that answers 401 without a session. */
export const SESSION: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];
/** A public route that shows more to a signed-in viewer (the owner, a moderator). */
export const OPTIONAL_SESSION: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }, {}];

/** The name of the card provider's signature scheme (its webhooks). */
export const CARD_PROVIDER_SCHEME = 'cardProviderSignature';
/** A route the card provider calls: its signature over the raw body, no session and no same-origin check. */
export const CARD_PROVIDER_SIGNATURE: Record<string, string[]>[] = [{ [CARD_PROVIDER_SCHEME]: [] }];
export const CARD_PROVIDER_SECURITY_SCHEME = {
  type: 'apiKey',
  in: 'header',
  name: 'Stripe-Signature',
  description: "The card provider's signature of the raw body with the endpoint's signing secret",
} as const;

/** The scheme itself: better-auth's cookie (with the __Secure- prefix on HTTPS). */
export const SESSION_SECURITY_SCHEME = {
  type: 'apiKey',
  in: 'cookie',
  name: 'better-auth.session_token',
  description:
    'The session cookie set by sign-in (/api/auth/*). On HTTPS its name carries the `__Secure-` prefix. ' +
    'Writes must also come from this site: a request whose `Origin` is another site answers 403.',
} as const;

type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };
type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
};

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1 },
  },
};
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** What every route of a kind may also answer, from the middleware in front of it (app.ts). */
const STANDARD: Record<string, Response> = {
  '400': { description: 'A parameter or a field breaks a rule (`fields` names it)', content: ERROR_CONTENT },
  '401': { description: 'Nobody is signed in', content: ERROR_CONTENT },
  '403': { description: 'The request comes from another site (its `Origin` is not this one)', content: ERROR_CONTENT },
  '413': { description: 'The body is larger than the route takes (64 KB of JSON)', content: ERROR_CONTENT },
  '409': { description: 'A request with this Idempotency-Key is still running: retry shortly', content: ERROR_CONTENT },
  '422': { description: 'This Idempotency-Key was used with another body', content: ERROR_CONTENT },
  '429': { description: 'Too many writes: wait `Retry-After` seconds', headers: RETRY_AFTER, content: ERROR_CONTENT },
};

/**
 * Adds to an operation the statuses the middleware can answer before its handler runs: 400 when it takes
 * input, 401 when it needs a session, and for a write 403 (foreign origin), 413 and 429 with Retry-After.
 * A status the route already documents keeps its own description; a 429 gains the Retry-After header.
 */
export function withStandardResponses(method: string, operation: Operation) {
  const responses = { ...operation.responses };
  const add = (status: '400' | '401' | '403' | '409' | '413' | '422' | '429') => {
    const standard = STANDARD[status] as Response;
    const own = responses[status];
    responses[status] = own ? { ...own, headers: standard.headers ?? own.headers } : standard;
  };
  if (operation.parameters?.length || operation.requestBody) add('400');
  const needsSession = operation.security?.length === 1 && SESSION_SCHEME in (operation.security[0] ?? {});
  if (needsSession) add('401');
  // The card provider's webhooks come from another site with a signature, past the origin check and write limits.
  const isCrossSite = operation.security?.some((s) => CARD_PROVIDER_SCHEME in s);
  if (WRITE_METHODS.has(method)) {
    add('413');
    if (!isCrossSite) add('403');
    if (!isCrossSite) add('429');
  }
  if (responses['429']) add('429');
  // The idempotency middleware (http/idempotent-request.ts) answers these before the route runs.
  const isIdempotent = operation.parameters?.some((p) => (p as { name?: string }).name === 'idempotency-key');
  if (isIdempotent) {
    add('409');
    add('422');
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
