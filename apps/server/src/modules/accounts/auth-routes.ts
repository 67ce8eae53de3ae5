import { EmailLinkVerifyInput, PreviewSignInInput, toE164UsPhone } from '@sweetwish/shared/accounts';
import { isAppPath } from '@sweetwish/shared/return-path';
import { type Context, Hono } from 'hono';
import { notifyChange } from '../../changes/change-feed';
import type { Config } from '../../config';
import type { Database, DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { consumeRateLimits, incrementIfBelow } from '../../http/rate-limits/service';
import { forgetSession, sessionKeyOf } from '../../http/session';
import { type Auth, CODE_ATTEMPTS } from './auth';
import {
  CHALLENGE_MESSAGE,
  SEND_LIMITS,
  type SendLimits,
  sendLimitsFor,
  unchallengedSendLimitsFor,
  verifyLimitsFor,
} from './send-limits';
import { challengeSecret, createSignInChallenge, redeemSignInChallenge } from './sign-in-challenge';

/** Apple's answer arrives as a cross-site form POST here: the same-origin check must let it through. */
export const APPLE_CALLBACK_PATH = '/api/auth/callback/apple';

export const TOO_MANY_GUESSES = 'Too many attempts. Request a new code.';
const EMAIL_LINK_FAILED = 'Error signing in with email link';
/** product.md's error for e-mail, Google or Apple sign-in failures. */
const SIGN_IN_FAILED = 'There was a problem signing in.';
/** No code waits for this number (none sent, expired, used, or being checked by another guess). */
export const CODE_NOT_FOUND = 'Error validating code';
/** Where a provider sign-in may send the browser back to. */
const RETURN_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserURL'] as const;

/**
 * better-auth's endpoints under /api/auth, with what the product adds around them: send limits and the
 * proof-of-work challenge before a code or link goes out, per-address limits and an atomic attempt count
 * before a code is checked, the e-mail link completed only by a same-origin POST from the app's /email
 * page (with the e-mail check and JSON answers), and the preview sign-in.
 */
export function authRoutes(deps: { config: Config; database: DatabaseHandle; auth: Auth; sendLimits?: SendLimits }) {
  const { config, auth } = deps;
  const db = deps.database.db;
  const limits = deps.sendLimits ?? SEND_LIMITS;
  const app = new Hono<AppEnv>();
  const secretOfChallenges = auth.$context.then((ctx) => challengeSecret(ctx.secret));

  /**
   * Counts one send against every limit, or refuses it. Without a solved challenge the send also counts
   * against the share of sends allowed without one; once that is full, the answer asks for a challenge.
   */
  async function admitSend(c: Context<AppEnv>, channel: 'sms' | 'email', destination: string, altcha: unknown) {
    const ip = clientIp(c, config.trustProxy);
    const hardLimits = sendLimitsFor(channel, destination, ip, limits);
    if (altcha === undefined) {
      await consumeRateLimits(db, [...hardLimits, ...unchallengedSendLimitsFor(channel, ip, limits)]).catch(
        (err: unknown) => {
          if (err instanceof AppError && err.message === CHALLENGE_MESSAGE) {
            throw new AppError('RATE_LIMITED', CHALLENGE_MESSAGE, { altcha: CHALLENGE_MESSAGE });
          }
          throw err;
        },
      );
      return;
    }
    const secret = await secretOfChallenges;
    // One transaction: a send the limits refuse leaves the challenge unused.
    await db.transaction(async (tx) => {
      await redeemSignInChallenge(tx as unknown as Database, secret, altcha);
      await consumeRateLimits(tx as unknown as Database, hardLimits);
    });
  }

  async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => ({}));
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  }

  // A challenge to solve before sending, asked for when a send answers 429 with the `altcha` field.
  app.get('/auth/challenge', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await createSignInChallenge(await secretOfChallenges, limits.challenge));
  });

  app.post('/auth/phone-number/send-otp', async (c, next) => {
    const body = await bodyOf(c);
    const phone = typeof body.phoneNumber === 'string' ? toE164UsPhone(body.phoneNumber) : undefined;
    if (!phone || phone !== body.phoneNumber) throw new AppError('VALIDATION', 'Invalid phone number');
    await admitSend(c, 'sms', phone, body.altcha);
    return next();
  });

  app.post('/auth/sign-in/magic-link', async (c, next) => {
    const body = await bodyOf(c);
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email) throw new AppError('VALIDATION', 'Email is required');
    await admitSend(c, 'email', email, body.altcha);
    return next();
  });

  // Google and Apple: the browser comes back to a path of this app, however the request was made.
  // better-auth would follow any trusted origin, and a full URL here is no return path the app offers.
  for (const path of ['/auth/sign-in/social', '/auth/link-social']) {
    app.post(path, async (c, next) => {
      const body = await bodyOf(c);
      if (RETURN_FIELDS.some((field) => body[field] !== undefined && !isAppPath(body[field]))) {
        throw new AppError('VALIDATION', SIGN_IN_FAILED);
      }
      return next();
    });
  }

  // Each check counts first, per address and per code, in single statements: parallel guesses (from
  // many addresses, on many instances) get CODE_ATTEMPTS checks of one code at most, whatever the
  // library does inside. A code is told apart by its expiry, which stays while better-auth counts tries.
  // better-auth takes the code's row and writes it back on every wrong guess: a guess that finds no row is
  // refused here, or one looking in between would reach the library uncounted.
  app.post('/auth/phone-number/verify', async (c, next) => {
    const body = await bodyOf(c);
    await consumeRateLimits(db, verifyLimitsFor(clientIp(c, config.trustProxy), limits));
    if (typeof body.phoneNumber !== 'string') return next();
    const ctx = await auth.$context;
    // better-auth's own name for the code's row (plugins/phone-number).
    const pending = await ctx.internalAdapter.findVerificationValue(`phone-number-otp-${body.phoneNumber}`);
    if (!pending) throw new AppError('VALIDATION', CODE_NOT_FOUND);
    const key = `code-attempts:${body.phoneNumber}:${pending.expiresAt.getTime()}`;
    if (!(await incrementIfBelow(db, key, pending.expiresAt, CODE_ATTEMPTS))) {
      throw new AppError('FORBIDDEN', TOO_MANY_GUESSES);
    }
    return next();
  });

  // The link is completed by the app's /email page, with a POST (so the same-origin check applies: a page
  // elsewhere cannot sign a visitor into the sender's account) and the address the user confirms (a link
  // opened by someone else does not sign them in). Errors answer JSON instead of redirecting.
  app.post('/auth/magic-link/verify', async (c) => {
    const input = EmailLinkVerifyInput.safeParse(await c.req.json().catch(() => null));
    await consumeRateLimits(db, verifyLimitsFor(clientIp(c, config.trustProxy), limits));
    if (!input.success) throw new AppError('VALIDATION', EMAIL_LINK_FAILED);
    const { token } = input.data;
    const email = input.data.email.toLowerCase();
    const ctx = await auth.$context;
    const pending = await ctx.internalAdapter.findVerificationValue(`magic-link:${token}`);
    const linkEmail = pending ? (JSON.parse(pending.value) as { email?: string }).email?.toLowerCase() : undefined;
    if (!pending || pending.expiresAt < new Date() || linkEmail !== email) {
      throw new AppError('VALIDATION', EMAIL_LINK_FAILED);
    }
    // better-auth's own verification, called in-process: it is not routed, so no GET can reach it.
    const url = new URL('/api/auth/magic-link/verify', config.publicUrl);
    url.searchParams.set('token', token);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    const res = await auth.handler(new Request(url, { headers }));
    if (res.status >= 300) throw new AppError('VALIDATION', EMAIL_LINK_FAILED);
    return res;
  });

  // Whether a link can still sign in, asked by /email before it asks for the address: a used, expired or
  // made-up link shows "Link expired or invalid." at once. It tells nothing about whose link it is.
  app.post('/auth/magic-link/check', async (c) => {
    const input = EmailLinkVerifyInput.pick({ token: true }).safeParse(await c.req.json().catch(() => null));
    await consumeRateLimits(db, verifyLimitsFor(clientIp(c, config.trustProxy), limits));
    if (!input.success) return c.json({ isValid: false });
    const ctx = await auth.$context;
    const pending = await ctx.internalAdapter.findVerificationValue(`magic-link:${input.data.token}`);
    return c.json({ isValid: pending !== null && pending !== undefined && pending.expiresAt >= new Date() });
  });

  app.post('/preview-sign-in', async (c) => {
    const parsed = PreviewSignInInput.safeParse(await c.req.json().catch(() => null));
    const preview = config.preview;
    const isOpen = preview?.isReviewOpen === true;
    if (!preview || !isOpen || !parsed.success || parsed.data.email.toLowerCase() !== preview.email.toLowerCase()) {
      throw new AppError('VALIDATION', 'There was a problem with the preview account.');
    }
    return auth.api.signInEmail({ body: { email: preview.email, password: preview.password }, asResponse: true });
  });

  // Only the endpoints the product uses reach better-auth; the rest of its surface (password sign-up and
  // reset, e-mail change, account deletion...) stays closed until a feature needs it.
  const handle = (c: { req: { raw: Request } }) => auth.handler(c.req.raw);
  app.get('/auth/get-session', handle);
  app.post('/auth/sign-out', async (c) => {
    const key = sessionKeyOf(c.req.raw.headers);
    const res = await handle(c);
    // The session is gone from the database; no instance may go on trusting its cached copy.
    if (res.ok && key) {
      forgetSession(auth, key);
      await notifyChange(db, { topic: 'session-ended', sessionKey: key });
    }
    return res;
  });
  app.post('/auth/phone-number/send-otp', handle);
  app.post('/auth/phone-number/verify', handle);
  app.post('/auth/sign-in/magic-link', handle);
  app.post('/auth/sign-in/social', handle);
  // Linking Google or Apple from settings (signed in); unlinking is ours (sign-in-methods.ts).
  app.post('/auth/link-social', handle);
  // Apple answers with a form POST, Google with a GET.
  app.on(['GET', 'POST'], '/auth/callback/:provider', handle);
  app.all('/auth/*', () => {
    throw new AppError('NOT_FOUND', 'No such sign-in endpoint');
  });
  return app;
}
