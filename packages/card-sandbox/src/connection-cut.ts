import type { Context } from 'hono';

/**
 * What @hono/node-server passes as `c.env` (its `HttpBindings`: `incoming` and `outgoing`, the Node
 * request and response). Typed here by shape, so the sandbox needs no dependency on the Node adapter.
 */
type NodeBindings = { outgoing?: { destroy?: () => void } } | undefined;

export const CUT_CONNECTION_MESSAGE =
  'The card sandbox cut the connection after committing this request (test control drop-next).';

/**
 * Cuts the client's connection instead of answering (test control drop-next); call it only after the
 * change is saved and its answer stored. Served by @hono/node-server, the response is destroyed before
 * anything is written, so the client sees the connection close with no answer (Node: `socket hang up`,
 * ECONNRESET; the SDK: `StripeConnectionError`, or a retry with the same idempotency key). Without Node
 * bindings (`app.request()` in a test), there is no connection to cut: the status and headers leave, and
 * reading the body fails, as when a connection breaks in the middle of an answer.
 */
export function cutConnection(c: Context, answer: Response): Response {
  const response = (c.env as NodeBindings)?.outgoing;
  if (typeof response?.destroy === 'function') {
    // Destroying the Node response destroys its socket (HTTP/1.1) or resets its stream (HTTP/2).
    response.destroy();
    // Nothing of it is written: the connection is gone. The server's own logs still see what was decided.
    return answer;
  }
  const failingBody = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.error(new Error(CUT_CONNECTION_MESSAGE));
    },
  });
  return new Response(failingBody, { status: answer.status, headers: answer.headers });
}
