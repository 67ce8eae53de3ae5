import type { PublicConfig } from '@sweetwish/shared/accounts';
import type { Roles } from '@sweetwish/shared/safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens } from '../../../test/seed';
import { sessionCookie } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { PREVIEW_ACCOUNT_REFUSAL } from './preview-account';

const PREVIEW = { PREVIEW_EMAIL: 'preview@sweetwish.app', PREVIEW_PASSWORD: 'preview-password-123' };

// Issue 46, item 4: the store-review account signs in without a code, so it is open to whoever knows its
// address while a review is on. It must not be able to take money out, reach other servers, lose its
// identity or moderate, and its address is published only while a review is configured (decision 057).
describe.each(databaseKinds())('the preview account on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  const publicConfig = async (app: App) => (await (await app.request('/api/public-config')).json()) as PublicConfig;
  const previewSignIn = (app: App) =>
    app.request('/api/preview-sign-in', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ email: PREVIEW.PREVIEW_EMAIL }),
    });

  it('is neither published nor open without STORE_REVIEW', async () => {
    const built = await buildTestApp(database, { env: PREVIEW });
    await built.seedPreview();
    expect((await publicConfig(built.app)).previewEmail).toBeNull();
    expect((await previewSignIn(built.app)).status).toBe(400);
  });

  it('while a review is on, signs in, but cannot move money out, add webhooks, onboard payouts, delete itself, change its handle or moderate', async () => {
    // Its id is only known once it exists: the review's app is built, then one that names it a moderator.
    const seeded = await buildTestApp(database, { env: { ...PREVIEW, STORE_REVIEW: 'on' } });
    await seeded.seedPreview();
    expect((await publicConfig(seeded.app)).previewEmail).toBe(PREVIEW.PREVIEW_EMAIL);
    const signedIn = await previewSignIn(seeded.app);
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);
    const { id } = (await (await seeded.app.request('/api/me', { headers: { Cookie: cookie } })).json()) as {
      id: string;
    };
    const { app } = await buildTestApp(database, {
      env: { ...PREVIEW, STORE_REVIEW: 'on', MODERATORS: `id:${id}` },
    });
    await seedTokens(database.db, id, 100_00);
    const call = (method: string, path: string, body: unknown = {}) =>
      app.request(`/api${path}`, {
        method,
        headers: { ...jsonHeaders({ cookie }), 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify(body),
      });
    // What a reviewer needs works: a handle to begin with, a profile.
    expect((await call('POST', '/profile/complete', { handle: 'store_review', displayName: 'Review' })).status).toBe(
      200,
    );
    for (const [method, path, body] of [
      ['POST', '/payouts/withdrawals', { amount: 50 }],
      ['POST', '/payouts/onboarding-link', {}],
      ['POST', '/webhooks/endpoints', { url: 'https://hooks.example.com/x', events: ['tip.received'] }],
      ['PATCH', '/webhooks/endpoints/we_any', { isEnabled: true }],
      ['POST', '/account/delete', { isConfirmed: true }],
      ['PUT', '/profile/handle', { handle: 'taken_from_review' }],
      ['POST', '/auth/link-social', { provider: 'google', callbackURL: '/settings' }],
      ['DELETE', '/sign-in-methods/google', undefined],
    ] as const) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(PREVIEW_ACCOUNT_REFUSAL);
    }
    const roles = (await (await app.request('/api/me/roles', { headers: { Cookie: cookie } })).json()) as Roles;
    expect(roles).toEqual({ isModerator: false });
    expect((await app.request('/api/moderation/reports', { headers: { Cookie: cookie } })).status).toBe(404);
    // Still there, with its handle and its tokens.
    expect(await (await app.request('/api/me', { headers: { Cookie: cookie } })).json()).toMatchObject({
      id,
      handle: 'store_review',
    });
  });
});
