import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errorBody } from './error-handler';

const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports an IPv4 peer). */
const LOOPBACK_PEER = /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$|^::1$/i;

/** The socket's peer address; undefined for a request made in-process (app.request), which has no socket. */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return undefined;
  }
}

/**
 * Whether the request was made on this machine to a local address: a loopback peer (an in-process request
 * counts as one) and a local host name. A local PUBLIC_URL says only how the server was configured; a
 * server listening on every interface still takes requests from the network, with any Host header.
 * X-Forwarded-For is not consulted: the end-to-end suite sends one on every request from this machine.
 */
export function isLocalRequest(c: Context): boolean {
  const peer = peerAddress(c);
  if (peer !== undefined && !LOOPBACK_PEER.test(peer)) return false;
  return LOCAL_HOST_NAMES.has(new URL(c.req.url).hostname);
}

/** For features that exist only on a developer's machine (the outbox, the card sandbox): 404 to anyone else. */
export function localOnly() {
  return createMiddleware(async (c, next) => {
    if (!isLocalRequest(c)) return c.json(errorBody('NOT_FOUND', 'Not found'), 404);
    return next();
  });
}
