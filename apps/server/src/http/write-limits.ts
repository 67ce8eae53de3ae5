import { createMiddleware } from 'hono/factory';
import { commitsUnflushed, type Database } from '../db/client';
import type { TrustProxy } from '../trust-proxy';
import { addressBlocks } from './address-blocks';
import { clientIp } from './client-ip';
import type { AppEnv } from './context';
import { errorBody } from './error-handler';
import { tryConsumeRateLimits } from './rate-limits/service';
import { type WritePolicy, writeKindOf, writeLimitsFor } from './rate-limits/write-policy';
import type { Auth } from './session';
import { viewerId } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Counts every write under /api against the limits of its kind (http/rate-limits/write-policy.ts),
 * per signed-in user and per client address, before the route runs: a refused write does nothing and
 * answers 429 with a Retry-After header. One database statement per write; the counters are shared by
 * every server instance. Their commits do not wait for the disk (commitsUnflushed): a crash of the database
 * may forget the last moment's counts, which lets a few more writes through, and every write no longer
 * waits for a flush before its own (tips: decision 046).
 */
export function writeLimits(deps: { db: Database; auth: Auth; trustProxy: TrustProxy; policy?: WritePolicy }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const kind = writeKindOf(c.req.method, c.req.path);
    if (kind === 'exempt') return next();
    // The session lookup is cached (http/session.ts), so the route's own requireUser costs nothing more.
    const userId = await viewerId(deps.auth, c.req.raw.headers);
    // An IPv6 client counts by its /64: it can pick any address inside it.
    const { address } = addressBlocks(clientIp(c, deps.trustProxy));
    const refusal = await tryConsumeRateLimits(
      commitsUnflushed(deps.db),
      writeLimitsFor(kind, { userId, address }, deps.policy),
    );
    if (!refusal) return next();
    c.header('Retry-After', String(refusal.retryAfterSeconds));
    return c.json(errorBody('RATE_LIMITED', refusal.limit.message), 429);
  });
}
