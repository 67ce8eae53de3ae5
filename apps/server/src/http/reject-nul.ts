import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { errorBody } from './error-handler';

/**
 * PostgreSQL cannot store a NUL character in text or jsonb: one that reaches a query fails it, a 500.
 * No field of the product may hold one, so requests carrying one are refused here, for every route,
 * before any handler (ours or better-auth's) sees them.
 */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

const NUL = '\u0000';
/** `\u0000` in JSON text, unless its backslash is itself escaped (`\\u0000` is the text "\u0000"). */
const JSON_NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/;

function refuse(c: Context, where: 'query' | 'body') {
  return c.json(errorBody('VALIDATION', NUL_MESSAGE, { fields: { [where]: NUL_MESSAGE } }), 400);
}

function hasNul(params: Iterable<[string, unknown]>): boolean {
  for (const [key, value] of params) {
    if (key.includes(NUL) || (typeof value === 'string' && value.includes(NUL))) return true;
  }
  return false;
}

/** A NUL in the path is an address nothing lives at (404); one in the query string is bad input (400). */
export function rejectNulInAddress() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    if (/%00/i.test(url.pathname) || url.pathname.includes(NUL)) {
      return c.json(errorBody('NOT_FOUND', 'Not found'), 404);
    }
    if (hasNul(url.searchParams)) return refuse(c, 'query');
    return next();
  });
}

/**
 * A NUL in a JSON body, a URL-encoded form or a multipart form's text fields is bad input (400); uploaded
 * files may hold any bytes. Runs after the body limits, so what it reads is bounded. A body is read once,
 * through the request's own cache, and the route's validator reuses it; under `readsRawBody` (better-auth,
 * which reads the request itself) JSON and URL-encoded bodies are read from a copy instead.
 */
export function rejectNulInBody(options: { exemptPaths: string[]; readsRawBody: string }) {
  const exempt = new Set(options.exemptPaths);
  return createMiddleware<AppEnv>(async (c, next) => {
    // A GET or HEAD carries no body; asking for one would build a full Request from Node's, and so would
    // asking whether there is one when the length is declared.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || exempt.has(c.req.path)) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined ? Number(declared) === 0 : !c.req.raw.body) return next();
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (mediaType === 'multipart/form-data') {
      const form = await c.req.formData().catch(() => undefined);
      if (!form)
        return c.json(errorBody('VALIDATION', 'Malformed form data', { fields: { body: 'Malformed form data' } }), 400);
      return hasNul(form.entries()) ? refuse(c, 'body') : next();
    }
    const text = () => (c.req.path.startsWith(options.readsRawBody) ? c.req.raw.clone().text() : c.req.text());
    if (mediaType === 'application/x-www-form-urlencoded') {
      return hasNul(new URLSearchParams(await text())) ? refuse(c, 'body') : next();
    }
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
      const body = await text();
      return body.includes(NUL) || JSON_NUL_ESCAPE.test(body) ? refuse(c, 'body') : next();
    }
    return next();
  });
}
