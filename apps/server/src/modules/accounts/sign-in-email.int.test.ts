import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { me, outbox, sessionCookie, uniqueEmail } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

// A store review under way (decision 057): the preview account signs in without a code.
const PREVIEW = {
  PREVIEW_EMAIL: 'preview@sweetwish.app',
  PREVIEW_PASSWORD: 'preview-password-123',
  STORE_REVIEW: 'on',
};

describe.each(databaseKinds())('sign-in by e-mail link and the preview account on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    const built = await buildTestApp(database, { env: PREVIEW });
    app = built.app;
    await built.seedPreview();
  });
  afterAll(() => database.close());

  async function expireCodes() {
    await database.db.execute(sql`update verifications set expires_at = now() - interval '1 second'`);
  }

  describe('by e-mail link', () => {
    async function sendLink(email: string, callbackURL = '/email') {
      return app.request('/api/auth/sign-in/magic-link', {
        method: 'POST',
        headers: jsonHeaders({ ip: '198.51.100.7' }),
        body: JSON.stringify({ email, callbackURL }),
      });
    }

    async function latestLink(email: string): Promise<URL> {
      const mail = (await outbox(app)).find((m) => m.channel === 'email' && m.to === email);
      const href = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!href) throw new Error(`no link was sent to ${email}`);
      return new URL(href);
    }

    /** What the app's /email page sends to complete the sign-in. */
    function verify(token: string, email: string, origin = 'http://localhost:5172') {
      return app.request('/api/auth/magic-link/verify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ token, email }),
      });
    }

    it('is not completed by a GET or from another site (login CSRF), and sets no session cookie', async () => {
      const email = uniqueEmail();
      await sendLink(email);
      const token = (await latestLink(email)).searchParams.get('token') ?? '';
      const query = `token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
      // A page elsewhere sends the browser to the old address (a link, an image, a redirect)...
      const get = await app.request(`/api/auth/magic-link/verify?${query}`, {
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      // ...or posts a form to it.
      const crossSitePost = await verify(token, email, 'https://evil.example');
      const formPost = await app.request('/api/auth/magic-link/verify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
        body: query,
      });
      const noOrigin = await app.request('/api/auth/magic-link/verify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, email }),
      });
      for (const res of [get, crossSitePost, formPost, noOrigin]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      // None of them spent the link: the app's own page still completes it.
      expect((await verify(token, email)).status).toBe(200);
    });

    it("mails a link to the app's /email page (with the invite code) that signs in once", async () => {
      const email = uniqueEmail();
      expect((await sendLink(email, '/email/friend_code')).status).toBe(200);
      const link = await latestLink(email);
      expect(link.origin + link.pathname).toBe('http://localhost:5172/email/friend_code');
      const token = link.searchParams.get('token') ?? '';
      const res = await verify(token, email);
      expect(res.status).toBe(200);
      expect(await (await me(app, sessionCookie(res))).json()).toMatchObject({ email, isProfileComplete: false });
      expect((await verify(token, email)).status).toBe(400);
    });

    it('never sends the link anywhere but the /email page', async () => {
      const email = uniqueEmail();
      await sendLink(email, 'https://evil.example/steal');
      expect((await latestLink(email)).pathname).toBe('/email');
    });

    it('carries a return path inside the app, and tells /email whether the link can still sign in', async () => {
      const email = uniqueEmail();
      // From a network of its own: the other tests' sends count against the shared one.
      const sent = await app.request('/api/auth/sign-in/magic-link', {
        method: 'POST',
        headers: jsonHeaders({ ip: '203.0.113.49' }),
        body: JSON.stringify({ email, callbackURL: `/email?return=${encodeURIComponent('/x/abc?resume=buy')}` }),
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
      const link = await latestLink(email);
      expect(link.searchParams.get('return')).toBe('/x/abc?resume=buy');
      const token = link.searchParams.get('token') ?? '';
      const check = (t: string) =>
        app.request('/api/auth/magic-link/check', {
          method: 'POST',
          headers: jsonHeaders({ ip: '203.0.113.49' }),
          body: JSON.stringify({ token: t }),
        });
      expect(await (await check(token)).json()).toEqual({ isValid: true });
      expect(await (await check('made-up')).json()).toEqual({ isValid: false });
      expect((await verify(token, email)).status).toBe(200);
      expect(await (await check(token)).json()).toEqual({ isValid: false });
    });

    it('refuses the link for another address than the one it was sent to', async () => {
      const email = uniqueEmail();
      await sendLink(email);
      const token = (await latestLink(email)).searchParams.get('token') ?? '';
      expect((await verify(token, 'someone-else@example.com')).status).toBe(400);
      // The link still works for its owner.
      expect((await verify(token, email)).status).toBe(200);
    });

    it('refuses an expired link', async () => {
      const email = uniqueEmail();
      await sendLink(email);
      const token = (await latestLink(email)).searchParams.get('token') ?? '';
      await expireCodes();
      expect((await verify(token, email)).status).toBe(400);
    });
  });

  describe('the preview account', () => {
    it('signs in with the configured address, without a code', async () => {
      const res = await app.request('/api/preview-sign-in', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ email: 'Preview@Sweetwish.app' }),
      });
      expect(res.status).toBe(200);
      expect(await (await me(app, sessionCookie(res))).json()).toMatchObject({ email: 'preview@sweetwish.app' });
    });

    it('refuses any other address, and password sign-in in general', async () => {
      const res = await app.request('/api/preview-sign-in', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ email: 'someone@example.com' }),
      });
      expect(res.status).toBe(400);
      const direct = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ email: 'preview@sweetwish.app', password: 'preview-password-123' }),
      });
      expect(direct.status).toBe(404);
    });

    it.each([
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/phone-number/request-password-reset'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/delete-user'],
      ['POST', '/api/auth/change-email'],
    ])('keeps %s %s closed', async (method, path) => {
      const res = await app.request(path, { method, headers: jsonHeaders(), body: '{}' });
      expect(res.status).toBe(404);
    });
  });
});
