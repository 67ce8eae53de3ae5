import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { incrementIfBelow } from '../../http/rate-limits/service';
import type { SendLimits } from './send-limits';

/**
 * The proof-of-work challenge asked for before a sign-in code or link goes out while sends are abnormal
 * (ALTCHA, self-hosted: the server signs a challenge, the browser finds the counter, the server checks
 * one derivation). A solved challenge works once: its nonce is recorded in rate_limit_counters.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** A payload is a challenge and a solution in base64 JSON: a few hundred characters. */
const MAX_PAYLOAD_LENGTH = 4096;
const INVALID = 'The sign-in check failed or was already used. Please try again.';

/** The key that signs challenges, derived from the auth secret so it needs no setting of its own. */
export function challengeSecret(authSecret: string): string {
  return createHmac('sha256', authSecret).update('sweetwish sign-in challenge').digest('hex');
}

export function createSignInChallenge(secret: string, work: SendLimits['challenge']): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: work.cost,
    counter: randomInt(work.counterMax, work.counterMin),
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/**
 * Checks a solved challenge (the `altcha` field of a send) and marks it used, in the caller's
 * transaction. Anything but a fresh, valid, unused solution is refused with VALIDATION.
 */
export async function redeemSignInChallenge(db: Database, secret: string, payload: unknown): Promise<void> {
  const solved = parsePayload(payload);
  const expiresAt = solved?.challenge.parameters.expiresAt;
  if (!solved || solved.challenge.parameters.algorithm !== ALGORITHM || typeof expiresAt !== 'number') throw invalid();
  const result = await verifySolution({ ...solved, deriveKey, hmacSignatureSecret: secret }).catch(() => undefined);
  if (!result?.verified) throw invalid();
  // The nonce is signed with the challenge; its row lives until two days after the challenge expired.
  const isFirstUse = await incrementIfBelow(
    db,
    `altcha:${solved.challenge.parameters.nonce}`,
    new Date(expiresAt * 1000),
    1,
  );
  if (!isFirstUse) throw invalid();
}

function parsePayload(payload: unknown): { challenge: Challenge; solution: Solution } | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_LENGTH) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<{
      challenge: Challenge;
      solution: Solution;
    }>;
    if (!parsed.challenge?.parameters || !parsed.solution) return undefined;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return undefined;
  }
}

function invalid(): AppError {
  return new AppError('VALIDATION', INVALID, { altcha: INVALID });
}
