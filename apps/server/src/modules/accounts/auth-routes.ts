import { PreviewSignInInput, toE164UsPhone } from '@sweetwish/shared/accounts';
import { Hono } from 'hono';
import { notifyChange } from '../../changes/change-feed';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { forgetSession, sessionKeyOf } from '../../http/session';
import { consumeRateLimits } from '../rate-limits/service';
import type { Auth } from './auth';
import { type SendLimits, sendLimitsFor } from './send-limits';

/**
 * better-auth's endpoints under /api/auth, with what the product adds around them: send limits before a
 * code or link goes out, the e-mail check and JSON answers for the e-mail link, and the preview sign-in.
 */
export function authRoutes(deps: { config: Config; database: DatabaseHandle; auth: Auth; sendLimits?: SendLimits }) {
  const { config, auth } = deps;
  const db = deps.database.db;
  const app = new Hono<AppEnv>();

  app.post('/auth/phone-number/send-otp', async (c, next) => {
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => ({}))) as { phoneNumber?: unknown };
    const phone = typeof body.phoneNumber === 'string' ? toE164UsPhone(body.phoneNumber) : undefined;
    if (!phone || phone !== body.phoneNumber) throw new AppError('VALIDATION', 'Invalid phone number');
    await consumeRateLimits(db, sendLimitsFor('sms', phone, clientIp(c, config.trustProxy), deps.sendLimits));
    return next();
  });

  app.post('/auth/sign-in/magic-link', async (c, next) => {
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => ({}))) as { email?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email) throw new AppError('VALIDATION', 'Email is required');
    await consumeRateLimits(db, sendLimitsFor('email', email, clientIp(c, config.trustProxy), deps.sendLimits));
    return next();
  });

  // The link is completed by the app's /email page with the address the user confirms: a link opened by
  // someone else (a forwarded e-mail) does not sign them in. Errors answer JSON instead of redirecting.
  app.get('/auth/magic-link/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const email = c.req.query('email')?.trim().toLowerCase() ?? '';
    const ctx = await auth.$context;
    const pending = token ? await ctx.internalAdapter.findVerificationValue(`magic-link:${token}`) : null;
    const linkEmail = pending ? (JSON.parse(pending.value) as { email?: string }).email?.toLowerCase() : undefined;
    if (!pending || pending.expiresAt < new Date() || !email || linkEmail !== email) {
      throw new AppError('VALIDATION', 'Error signing in with email link');
    }
    const url = new URL(c.req.url);
    url.searchParams.delete('callbackURL');
    const res = await auth.handler(new Request(url, { headers: c.req.raw.headers }));
    if (res.status >= 300) throw new AppError('VALIDATION', 'Error signing in with email link');
    return res;
  });

  app.post('/preview-sign-in', async (c) => {
    const parsed = PreviewSignInInput.safeParse(await c.req.json().catch(() => null));
    const preview = config.preview;
    if (!preview || !parsed.success || parsed.data.email.toLowerCase() !== preview.email.toLowerCase()) {
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
  // Apple answers with a form POST, Google with a GET.
  app.on(['GET', 'POST'], '/auth/callback/:provider', handle);
  app.all('/auth/*', () => {
    throw new AppError('NOT_FOUND', 'No such sign-in endpoint');
  });
  return app;
}
