import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client';
import type { AppEnv } from './context';
import { errorBody } from './error-handler';
import { claimKey, type KeyClaim, releaseKey, saveAnswer } from './idempotency/repo';
import { KEY_PATTERN } from './idempotency-header';

/** A first request that has not answered by then has died: a retry may take its key over. */
const LOCK_SECONDS = 60;
/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_MS = 5_000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 printable characters without spaces',
  otherRequest: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/**
 * Money requests (tips, purchases, top-ups, withdrawals) take an optional `Idempotency-Key` header, as
 * Stripe's API does (decision 019). The first request with a key runs; a repeat with the same body gets
 * the first answer (with `Idempotent-Replayed: true`), waiting for it if the first is still running; a
 * repeat with another body is refused (422). Only a success is kept: a refusal or failure changed
 * nothing, so its key is given back and a retry runs again. The route reads the key (`idempotencyKey`) to
 * derive the id of what it creates, so even a retry that runs again after a crash finds the first one.
 * Goes after requireUser: keys are per user.
 */
export function idempotentRequest(db: Database) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      const message = IDEMPOTENCY_MESSAGES.invalidKey;
      return c.json(errorBody('VALIDATION', message, { fields: { 'Idempotency-Key': message } }), 400);
    }
    const userId = c.get('userId');
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
      .digest('hex');
    const claim = await waitForClaim(db, { userId, key, requestHash, lockSeconds: LOCK_SECONDS });
    if (claim.state === 'answered') {
      c.header('Idempotent-Replayed', 'true');
      return c.json(claim.body as object, claim.status as 200);
    }
    if (claim.state === 'other_request') {
      return c.json(errorBody('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.otherRequest), 422);
    }
    if (claim.state === 'in_progress') {
      c.header('Retry-After', '1');
      return c.json(errorBody('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress), 409);
    }
    c.set('idempotencyKey', key);
    try {
      await next();
    } catch (err) {
      await releaseKey(db, userId, key);
      throw err;
    }
    if (c.res.ok) await saveAnswer(db, userId, key, { status: c.res.status, body: await c.res.clone().json() });
    else await releaseKey(db, userId, key);
  });
}

/** Claims the key, or waits (briefly, with growing pauses) while another request holds it. */
async function waitForClaim(db: Database, request: Parameters<typeof claimKey>[1]): Promise<KeyClaim> {
  const deadline = Date.now() + WAIT_MS;
  for (let pauseMs = 20; ; pauseMs = Math.min(pauseMs * 2, 500)) {
    const claim = await claimKey(db, request);
    if (claim.state !== 'in_progress' || Date.now() + pauseMs > deadline) return claim;
    await sleep(pauseMs);
  }
}
