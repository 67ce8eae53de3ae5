// Signing bench users in through the API and the local outbox, as a person would.

import { createRequire } from 'node:module';

// altcha-lib is the server's dependency: the bench solves the sign-in challenge with it, as the web app does.
const fromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url));

export async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Signs a new phone user in through the API and the local outbox, as a person would; their cookie. */
export async function signIn(baseUrl, n) {
  const phoneNumber = `+1555${String(1_000_000 + n).slice(-7)}`;
  const headers = {
    'Content-Type': 'application/json',
    Origin: baseUrl,
    // A network of its own (a /24) for each user, as many people signing in from many places.
    'X-Forwarded-For': `10.${(n >> 8) & 255}.${n & 255}.1`,
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
