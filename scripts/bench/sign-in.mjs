// Signing bench users in through the API and the local outbox, as a person would.

import { createRequire } from 'node:module';

// altcha-lib is the server's dependency: the bench solves the sign-in challenge with it, as the web app does.
const fromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url));

export async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Bench user n's own client address, in a /24 of its own (the servers trust X-Forwarded-For): writes are
 * limited per address and sign-in sends per network as well as per user, and real users do not all share
 * one network.
 */
export function benchAddress(n) {
  return `10.${(n >> 8) & 255}.${n & 255}.1`;
}

/** Signs a new phone user in through the API and the local outbox, as a person would; their cookie. */
export async function signIn(baseUrl, n) {
  const phoneNumber = `+1555${String(1_000_000 + n).slice(-7)}`;
  const headers = {
    'Content-Type': 'application/json',
    Origin: baseUrl,
    'X-Forwarded-For': benchAddress(n),
  };
  const send = (altcha) =>
    fetch(`${baseUrl}/api/auth/phone-number/send-otp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phoneNumber, altcha }),
    });
  const sent = await send();
  // Past the sends the site makes without a check in an hour, the server asks for a solved challenge.
  const isAsked = sent.status === 429 && (await sent.clone().json()).error?.fields?.altcha !== undefined;
  await json(isAsked ? await send(await solvedChallenge(baseUrl)) : sent);
  const sms = (await json(await fetch(`${baseUrl}/api/dev/outbox`))).find((m) => m.to === phoneNumber);
  const code = sms.text.match(/\d{6}/)[0];
  const res = await fetch(`${baseUrl}/api/auth/phone-number/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phoneNumber, code }),
  });
  await json(res);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The server's sign-in challenge, solved: the `altcha` field of a send. */
async function solvedChallenge(baseUrl) {
  const { solveChallenge } = await import(fromServer.resolve('altcha-lib'));
  const { deriveKey } = await import(fromServer.resolve('altcha-lib/algorithms/pbkdf2'));
  const challenge = await json(await fetch(`${baseUrl}/api/auth/challenge`));
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
