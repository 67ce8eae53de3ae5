import type { Hono } from 'hono';
import type { AppEnv } from '../src/http/context';
import { jsonHeaders } from './app-harness';

type App = Hono<AppEnv>;

let counter = 0;
/** A valid US number no other test uses. */
export function uniquePhone(): string {
  counter += 1;
  const tail = String((Date.now() + counter * 7919) % 10_000_000).padStart(7, '0');
  return `+1415${tail}`;
}

export function uniqueEmail(): string {
  counter += 1;
  return `fan${Date.now()}${counter}@example.com`;
}

/** The session cookie a response sets, as a Cookie header value. */
export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A client address of its own, in a /24 of its own, so per-address and per-range sign-in limits do not tie
 * unrelated sign-ins together.
 */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 8) & 255}.${counter & 255}.1`;
}

export async function sendCode(app: App, phoneNumber: string, ip = uniqueIp()) {
  return app.request('/api/auth/phone-number/send-otp', {
    method: 'POST',
    headers: jsonHeaders({ ip }),
    body: JSON.stringify({ phoneNumber }),
  });
}

export async function verifyCode(app: App, phoneNumber: string, code: string, ip = uniqueIp()) {
  return app.request('/api/auth/phone-number/verify', {
    method: 'POST',
    headers: jsonHeaders({ ip }),
    body: JSON.stringify({ phoneNumber, code }),
  });
}

type OutboxRow = { channel: string; to: string; subject: string | null; text: string };

export async function outbox(app: App): Promise<OutboxRow[]> {
  return (await (await app.request('/api/dev/outbox')).json()) as OutboxRow[];
}

/** The newest code sent to a number, read from the outbox as a person would read the SMS. */
export async function latestCode(app: App, phoneNumber: string): Promise<string> {
  const sms = (await outbox(app)).find((m) => m.channel === 'sms' && m.to === phoneNumber);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  return code;
}

/** Signs a new phone user in and returns their session cookie. */
export async function signInByPhone(app: App, phoneNumber = uniquePhone()): Promise<string> {
  const sent = await sendCode(app, phoneNumber);
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const res = await verifyCode(app, phoneNumber, await latestCode(app, phoneNumber));
  if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${await res.text()}`);
  return sessionCookie(res);
}

export async function completeProfile(app: App, cookie: string, body: Record<string, unknown>) {
  return app.request('/api/profile/complete', {
    method: 'POST',
    headers: jsonHeaders({ cookie }),
    body: JSON.stringify(body),
  });
}

export async function me(app: App, cookie: string) {
  return app.request('/api/me', { headers: { Cookie: cookie } });
}

/** Signs a user in by e-mail link (a verified address: a new account the first time) and returns the cookie. */
export async function signInByEmail(app: App, email = uniqueEmail()): Promise<string> {
  const sent = await app.request('/api/auth/sign-in/magic-link', {
    method: 'POST',
    headers: jsonHeaders({ ip: uniqueIp() }),
    body: JSON.stringify({ email, callbackURL: '/email' }),
  });
  if (sent.status !== 200) throw new Error(`magic-link answered ${sent.status}: ${await sent.text()}`);
  const mail = (await outbox(app)).find((m) => m.channel === 'email' && m.to === email);
  const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://none/').searchParams.get('token');
  if (!token) throw new Error(`no link was sent to ${email}`);
  const res = await app.request('/api/auth/magic-link/verify', {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ token, email }),
  });
  if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${await res.text()}`);
  return sessionCookie(res);
}
