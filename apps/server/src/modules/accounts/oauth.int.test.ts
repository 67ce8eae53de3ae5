import { generateKeyPairSync } from 'node:crypto';
import type { SignInMethods } from '@sweetwish/shared/accounts';
import { sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type OAuthProvider, type ProviderIdentity, startOAuthProvider } from '../../../test/oauth-provider';
import {
  appleRoundTrip,
  consent,
  googleRoundTrip,
  mergeCookies,
  redirectPath,
  startSocialSignIn,
} from '../../../test/oauth-sign-in';
import { me, outbox, signInByPhone, uniqueEmail } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { LAST_METHOD_MESSAGE } from './sign-in-methods';

const PROVIDERS = {
  GOOGLE_CLIENT_ID: 'google-client-id',
  GOOGLE_CLIENT_SECRET: 'google-client-secret',
  APPLE_CLIENT_ID: 'app.sweetwish.web',
  APPLE_CLIENT_SECRET: 'apple-client-secret',
};
const RETURN = '/alice/tip';
const AFTER = `/complete-profile?return=${encodeURIComponent(RETURN)}`;
const ON_ERROR = `/sign-in?return=${encodeURIComponent(RETURN)}`;
let counter = 0;
function uniqueSub() {
  counter += 1;
  return `sub-${Date.now()}-${counter}`;
}

describe.each(databaseKinds())('Google and Apple sign-in on %s', (kind) => {
  let database: DatabaseHandle;
  let provider: OAuthProvider;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    provider = await startOAuthProvider();
    app = (
      await buildTestApp(database, {
        env: PROVIDERS,
        testOAuthProvider: { origin: provider.origin, ...provider.endpoints },
      })
    ).app;
  });
  afterAll(async () => {
    await provider.stop();
    await database.close();
  });

  async function profileOf(cookie: string) {
    return (await (await me(app, cookie)).json()) as { id: string; email: string | null } | null;
  }

  async function signInByEmailLink(email: string): Promise<string> {
    await app.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      headers: jsonHeaders({ ip: '198.51.100.9' }),
      body: JSON.stringify({ email, callbackURL: '/email' }),
    });
    const mail = (await outbox(app)).find((m) => m.channel === 'email' && m.to === email);
    const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('token');
    const res = await app.request('/api/auth/magic-link/verify', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token, email }),
    });
    expect(res.status).toBe(200);
    return mergeCookies('', res);
  }

  async function google(identity: ProviderIdentity | 'cancel', cookie?: string) {
    const start = await startSocialSignIn(app, 'google', { cookie, callbackURL: AFTER, errorCallbackURL: ON_ERROR });
    return googleRoundTrip(app, start, identity);
  }

  async function apple(identity: ProviderIdentity | 'cancel') {
    const start = await startSocialSignIn(app, 'apple', { callbackURL: AFTER, errorCallbackURL: ON_ERROR });
    expect(start.url.searchParams.get('response_mode')).toBe('form_post');
    return appleRoundTrip(app, start, provider, identity);
  }

  it('signs a new Google user in and keeps the return path through the round trip', async () => {
    const email = uniqueEmail();
    const { res, cookie } = await google({ sub: uniqueSub(), email, emailVerified: true, name: 'Ann Lee' });
    expect(res.status).toBe(302);
    expect(redirectPath(res)).toBe(AFTER);
    expect(await profileOf(cookie)).toMatchObject({ email, handle: null, isProfileComplete: false });
  });

  it('brings a user who cancels at Google back to the sign-in screen, return path kept, signed out', async () => {
    const { res, cookie } = await google('cancel');
    expect(res.status).toBe(302);
    const back = new URL(redirectPath(res), 'http://x');
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('return')).toBe(RETURN);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await profileOf(cookie)).toBeNull();
  });

  it('refuses a tampered state and lands on the sign-in screen, not an API address', async () => {
    const start = await startSocialSignIn(app, 'google', { callbackURL: AFTER, errorCallbackURL: ON_ERROR });
    const atProvider = await consent(start, { sub: uniqueSub(), email: uniqueEmail(), emailVerified: true });
    const back = new URL(atProvider.headers.get('location') ?? '');
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await app.request(`${back.pathname}${back.search}`, { headers: { Cookie: start.cookie } });
    expect(res.status).toBe(302);
    expect(new URL(redirectPath(res), 'http://x').pathname).toBe('/sign-in');
    expect(await profileOf(mergeCookies(start.cookie, res))).toBeNull();
  });

  it('refuses a return path on another site', async () => {
    const tries = [
      { callbackURL: 'https://evil.example/x', errorCallbackURL: ON_ERROR },
      { callbackURL: AFTER, errorCallbackURL: '//evil.example/x' },
      { callbackURL: AFTER, errorCallbackURL: ON_ERROR, newUserURL: '/\\evil.example' },
    ];
    for (const body of tries) {
      const res = await app.request('/api/auth/sign-in/social', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ provider: 'google', ...body }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: 'There was a problem signing in.' } });
    }
  });

  it('accepts Apple answering with a cross-site form_post, and keeps the name Apple sends once', async () => {
    const email = uniqueEmail();
    const { posted, res, cookie } = await apple({
      sub: uniqueSub(),
      email,
      emailVerified: true,
      appleName: { firstName: 'Maya', lastName: 'Ortiz' },
    });
    expect(posted.status).toBe(302);
    expect(redirectPath(res)).toBe(AFTER);
    expect(await profileOf(cookie)).toMatchObject({ email, suggestedDisplayName: 'Maya Ortiz' });
  });

  it('brings a user who cancels at Apple back to the sign-in screen too', async () => {
    const { res, cookie } = await apple('cancel');
    const back = new URL(redirectPath(res), 'http://x');
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('return')).toBe(RETURN);
    expect(await profileOf(cookie)).toBeNull();
  });

  it("sends Apple a client secret signed at run time with the team's key", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { APPLE_CLIENT_SECRET: _fixed, ...withoutSecret } = PROVIDERS;
    const { app: signing, auth } = await buildTestApp(database, {
      env: {
        ...withoutSecret,
        APPLE_TEAM_ID: 'TEAM123456',
        APPLE_KEY_ID: 'KEY1234567',
        APPLE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      testOAuthProvider: { origin: provider.origin, ...provider.endpoints },
    });
    // better-auth keeps our options object: each exchange reads the secret anew, so renewals reach Apple.
    const appleOptions = (await auth.$context).socialProviders.find((p) => p.id === 'apple')?.options;
    expect(Object.getOwnPropertyDescriptor(appleOptions, 'clientSecret')?.get).toBeTypeOf('function');
    const start = await startSocialSignIn(signing, 'apple', { callbackURL: AFTER, errorCallbackURL: ON_ERROR });
    const { res } = await appleRoundTrip(signing, start, provider, {
      sub: uniqueSub(),
      email: uniqueEmail(),
      emailVerified: true,
    });
    expect(redirectPath(res)).toBe(AFTER);
    const { payload, protectedHeader } = await jwtVerify(provider.clientSecrets.at(-1) ?? '', publicKey, {
      issuer: 'TEAM123456',
      audience: 'https://appleid.apple.com',
      subject: PROVIDERS.APPLE_CLIENT_ID,
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('brings a user who signed up by e-mail link to the same account with Google or Apple (verified address)', async () => {
    const email = uniqueEmail();
    const byLink = await profileOf(await signInByEmailLink(email));
    const byGoogle = await profileOf((await google({ sub: uniqueSub(), email, emailVerified: true })).cookie);
    expect(byGoogle?.id).toBe(byLink?.id);

    const byApple = await profileOf(
      (await apple({ sub: uniqueSub(), email, emailVerified: true, appleName: { firstName: 'A', lastName: 'B' } }))
        .cookie,
    );
    expect(byApple?.id).toBe(byLink?.id);
  });

  it('does not link an address the provider has not verified', async () => {
    const email = uniqueEmail();
    await signInByEmailLink(email);
    const { res, cookie } = await google({ sub: uniqueSub(), email, emailVerified: false });
    expect(new URL(redirectPath(res), 'http://x').pathname).toBe('/sign-in');
    expect(await profileOf(cookie)).toBeNull();
  });

  it('gives an Apple private relay address an account of its own, unless linked from settings', async () => {
    const phoneCookie = await signInByPhone(app);
    const owner = await profileOf(phoneCookie);
    const relay = `${uniqueSub()}@privaterelay.appleid.com`;

    // Linked from settings while signed in: the relay address reaches the signed-in account.
    const sub = uniqueSub();
    const link = await startSocialSignIn(app, 'apple', {
      cookie: phoneCookie,
      callbackURL: '/settings',
      errorCallbackURL: '/settings',
      link: true,
    });
    const linked = await appleRoundTrip(app, link, provider, { sub, email: relay, emailVerified: true });
    expect(redirectPath(linked.res)).toBe('/settings');
    const again = await apple({ sub, email: relay, emailVerified: true });
    expect((await profileOf(again.cookie))?.id).toBe(owner?.id);

    // Not linked: another relay address makes an account of its own.
    const other = await apple({
      sub: uniqueSub(),
      email: `${uniqueSub()}@privaterelay.appleid.com`,
      emailVerified: true,
    });
    const separate = await profileOf(other.cookie);
    expect(separate?.id).toBeDefined();
    expect(separate?.id).not.toBe(owner?.id);
    // The link is one Apple account on the owner's account.
    const rows = (await database.db.execute(
      sql`select count(*)::int as count from accounts where provider_id = 'apple' and user_id = ${owner?.id ?? ''}`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows.rows[0]?.count).toBe(1);
  });

  describe('linked sign-in methods in settings', () => {
    async function methods(cookie: string): Promise<SignInMethods> {
      const res = await app.request('/api/sign-in-methods', { headers: jsonHeaders({ cookie }) });
      expect(res.status).toBe(200);
      return (await res.json()) as SignInMethods;
    }
    const remove = (cookie: string, provider: string) =>
      app.request(`/api/sign-in-methods/${provider}`, { method: 'DELETE', headers: jsonHeaders({ cookie }) });

    it('lists them and removes Google while the e-mail link remains', async () => {
      const email = uniqueEmail();
      const { cookie } = await google({ sub: uniqueSub(), email, emailVerified: true });
      expect(await methods(cookie)).toEqual({
        methods: [
          { kind: 'email', detail: email, isRemovable: false },
          { kind: 'google', detail: null, isRemovable: true },
        ],
        linkable: ['apple'],
      });
      const res = await remove(cookie, 'google');
      expect(res.status).toBe(200);
      expect(((await res.json()) as SignInMethods).methods).toEqual([
        { kind: 'email', detail: email, isRemovable: false },
      ]);
      expect((await remove(cookie, 'google')).status).toBe(404);
    });

    it('never removes the last one: Apple with a relay address only', async () => {
      const { cookie } = await apple({
        sub: uniqueSub(),
        email: `${uniqueSub()}@privaterelay.appleid.com`,
        emailVerified: true,
      });
      expect((await methods(cookie)).methods).toEqual([{ kind: 'apple', detail: null, isRemovable: false }]);
      const res = await remove(cookie, 'apple');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { message: LAST_METHOD_MESSAGE } });
      expect((await methods(cookie)).methods).toHaveLength(1);
    });

    it('answers 401 signed out and 400 for an unknown provider', async () => {
      expect((await app.request('/api/sign-in-methods')).status).toBe(401);
      const cookie = await signInByPhone(app);
      expect((await remove(cookie, 'github')).status).toBe(400);
    });
  });
});
