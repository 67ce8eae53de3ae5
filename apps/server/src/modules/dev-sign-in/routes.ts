import { US_PHONE } from '@sweetwish/shared/accounts';
import { Hono } from 'hono';
import { setSignedCookie } from 'hono/cookie';
import type { AppEnv } from '../../http/context';
import { errorBody } from '../../http/error-handler';
import { localOnly } from '../../http/local-request';
import { type Auth, phoneOnlyEmail } from '../accounts/auth';

export const DEV_SIGN_IN_PATH = '/dev/sign-in';

/**
 * POST /api/dev/sign-in {"phoneNumber": "+1…"}: signs that phone user in at once, as the SMS code would
 * (the same user record, better-auth's own session and its signed cookie), creating the user the first
 * time. For the end-to-end tests, so only the sign-in specs drive the SMS screens.
 *
 * Mounted under exactly the outbox's guard (outbox-policy.ts: a local adapter on a local address) and
 * answering only requests made on this machine (local-request.ts, decision 013). It is left out of the
 * OpenAPI document: it is a test fixture, not part of the API.
 */
export function devSignInRoutes(auth: Auth) {
  const app = new Hono<AppEnv>();
  app.use(DEV_SIGN_IN_PATH, localOnly());
  app.post(DEV_SIGN_IN_PATH, async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as { phoneNumber?: unknown } | undefined;
    const phoneNumber = body?.phoneNumber;
    if (typeof phoneNumber !== 'string' || !US_PHONE.test(phoneNumber)) {
      return c.json(errorBody('VALIDATION', 'Enter a valid US phone number'), 400);
    }
    const ctx = await auth.$context;
    const existing = await ctx.adapter.findOne<{ id: string }>({
      model: 'user',
      where: [{ field: 'phoneNumber', value: phoneNumber }],
    });
    const user =
      existing ??
      (await ctx.internalAdapter.createUser(
        { email: phoneOnlyEmail(phoneNumber), name: phoneNumber, phoneNumber, phoneNumberVerified: true },
        { method: 'phone-number' },
      ));
    const session = await ctx.internalAdapter.createSession(user.id, false, {
      userAgent: c.req.header('user-agent') ?? '',
    });
    const cookie = ctx.authCookies.sessionToken;
    await setSignedCookie(c, cookie.name, session.token, ctx.secret, {
      ...cookie.attributes,
      maxAge: ctx.sessionConfig.expiresIn,
    });
    return c.json({ userId: user.id }, 200);
  });
  return app;
}
