import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * hono's bodyLimit, judging a body that declares its length by its Content-Length alone: Node's parser
 * holds the body to it. Asking for the body, as bodyLimit does first, would build a full web Request from
 * Node's and read it through a stream (decision 039: a large share of a write's CPU). A body sent in
 * chunks, or one given without a length (in-process requests), is counted as it streams.
 */
export function limitBody(options: { maxSize: number; onError: (c: Context) => Response }): MiddlewareHandler {
  const streamed = bodyLimit(options);
  return (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    return Number(declared) > options.maxSize ? Promise.resolve(options.onError(c)) : next();
  };
}
