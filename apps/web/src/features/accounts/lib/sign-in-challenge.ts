import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** Longer than this and the send fails as any other would ("Error confirming phone number"). */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * Fetches the server's proof-of-work challenge and solves it in the browser (ALTCHA, with Web Crypto),
 * with nothing to click: the "invisible captcha" asked for before a code or link goes out while sign-in
 * is busy. Answers the payload the send carries in its `altcha` field.
 */
export async function solveSignInChallenge(): Promise<string> {
  const res = await fetch('/api/auth/challenge', { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(`the sign-in challenge answered ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error('the sign-in challenge was not solved in time');
  return btoa(JSON.stringify({ challenge, solution }));
}
