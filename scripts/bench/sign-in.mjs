// Signing bench users in through the API and the local outbox, as a person would.

export async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Bench user n's own client address (the servers trust X-Forwarded-For): every write is limited per
 * address as well as per user, and real users do not all share one address.
 */
export function benchAddress(n) {
  return `10.9.${n >> 8}.${n & 255}`;
}

/** Signs a new phone user in through the API and the local outbox, as a person would; their cookie. */
export async function signIn(baseUrl, n) {
  const phoneNumber = `+1555${String(1_000_000 + n).slice(-7)}`;
  const headers = {
    'Content-Type': 'application/json',
    Origin: baseUrl,
    'X-Forwarded-For': benchAddress(n),
  };
  await json(
    await fetch(`${baseUrl}/api/auth/phone-number/send-otp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phoneNumber }),
    }),
  );
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
