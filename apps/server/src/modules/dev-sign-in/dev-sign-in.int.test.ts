import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { me, sessionCookie, uniquePhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

const smtp = { SMTP_URL: 'smtp://user:pass@smtp.example.com:587' };
const twilio = {
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'a-secret-auth-token',
  TWILIO_FROM_NUMBER: '+15005550006',
};

describe.each(databaseKinds())('the development sign-in on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  function signIn(app: Awaited<ReturnType<typeof buildTestApp>>['app'], body: unknown, origin?: string) {
    return app.request(`${origin ?? ''}/api/dev/sign-in`, {
      method: 'POST',
      headers: { ...jsonHeaders(), ...(origin && { Origin: origin }) },
      body: JSON.stringify(body),
    });
  }

  it('signs a phone user in with a session the rest of the API accepts, the same user each time', async () => {
    const { app } = await buildTestApp(database);
    const phoneNumber = uniquePhone();
    const first = await signIn(app, { phoneNumber });
    expect(first.status).toBe(200);
    const { userId } = (await first.json()) as { userId: string };
    const signedIn = await me(app, sessionCookie(first));
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({
      id: userId,
      phoneNumber,
      email: null,
      handle: null,
      isProfileComplete: false,
    });

    const again = await signIn(app, { phoneNumber });
    expect(((await again.json()) as { userId: string }).userId).toBe(userId);
    expect(sessionCookie(again)).not.toBe(sessionCookie(first));
  });

  it('refuses a number that is not a US phone number, and signs nobody in', async () => {
    const { app } = await buildTestApp(database);
    for (const phoneNumber of ['12345', '+441234567890', 42, undefined]) {
      const res = await signIn(app, { phoneNumber });
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 404 without the outbox guard: real adapters, a public address, or a request to another host', async () => {
    const phoneNumber = uniquePhone();
    const realAdapters = (
      await buildTestApp(database, { env: { ...smtp, ...twilio, PUBLIC_URL: 'http://localhost:5172' } })
    ).app;
    expect((await signIn(realAdapters, { phoneNumber })).status).toBe(404);

    const publicAddress = (await buildTestApp(database, { env: { PUBLIC_URL: 'https://sweetwish.app' } })).app;
    expect((await signIn(publicAddress, { phoneNumber }, 'https://sweetwish.app')).status).toBe(404);

    // Mounted (local adapters, local PUBLIC_URL), but asked for by another host name (decision 013).
    const local = (await buildTestApp(database)).app;
    const elsewhere = await local.request('http://sweetwish.example/api/dev/sign-in', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ phoneNumber }),
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.getSetCookie()).toEqual([]);
  });
});
