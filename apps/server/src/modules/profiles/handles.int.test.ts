import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

let handleCounter = 0;
function uniqueHandle(prefix = 'fan') {
  handleCounter += 1;
  return `${prefix}_${Date.now().toString(36)}${handleCounter}`;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

describe.each(databaseKinds())('profiles and handles on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function affiliateOf(cookie: string) {
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    const result = (await database.db.execute(sql`select affiliate_id from users where id = ${id}`)) as unknown as {
      rows: { affiliate_id: string | null }[];
    };
    return result.rows[0]?.affiliate_id;
  }

  async function newCreator(handle = uniqueHandle('creator')) {
    const cookie = await signInByPhone(app);
    expect((await completeProfile(app, cookie, { handle, displayName: 'Sweet Creator' })).status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    return { cookie, handle, id };
  }

  it('completes a profile with handle and display name', async () => {
    const cookie = await signInByPhone(app);
    const handle = uniqueHandle();
    const res = await completeProfile(app, cookie, { handle, displayName: 'Happy Fan_1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ handle, displayName: 'Happy Fan_1', isProfileComplete: true });
  });

  it('needs a signed-in user', async () => {
    const res = await app.request('/api/profile/complete', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ handle: uniqueHandle(), displayName: 'Nobody Here' }),
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ['handle', 'abc', 'Too Short'],
    ['handle', 'a'.repeat(25), 'Too Long'],
    ['handle', 'no-dashes', 'Only letters, numbers, and _'],
    ['handle', 'no spaces', 'Only letters, numbers, and _'],
    ['handle', 'émilie', 'Only letters, numbers, and _'],
    ['displayName', 'Bob', 'Too Short'],
    ['displayName', 'B'.repeat(25), 'Too Long'],
    ['displayName', 'Bob!!', 'Only letters, numbers, and spaces, and _'],
  ])('refuses %s %j with "%s" and changes nothing', async (field, value, message) => {
    const cookie = await signInByPhone(app);
    const body = { handle: uniqueHandle(), displayName: 'Valid Name', [field]: value };
    const res = await completeProfile(app, cookie, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect(await (await me(app, cookie)).json()).toMatchObject({ handle: null, isProfileComplete: false });
  });

  it('accepts the limits themselves: 4 and 24 characters', async () => {
    for (const [handle, displayName] of [
      [`h${Date.now().toString(36).slice(-3)}`, 'Abcd'],
      [uniqueHandle().padEnd(24, 'x').slice(0, 24), 'D'.repeat(24)],
    ] as const) {
      const cookie = await signInByPhone(app);
      expect((await completeProfile(app, cookie, { handle, displayName })).status).toBe(200);
    }
  });

  it('keeps handles unique without regard to case', async () => {
    const { handle } = await newCreator();
    const cookie = await signInByPhone(app);
    const res = await completeProfile(app, cookie, { handle: handle.toUpperCase(), displayName: 'Copy Cat' });
    expect(res.status).toBe(409);
    // On the handle field too, where the form shows it.
    expect(await errorOf(res)).toMatchObject({
      message: 'Handle taken, try another',
      fields: { handle: 'Handle taken, try another' },
    });
  });

  it('gives a handle to one user only when 20 race for it', async () => {
    const handle = uniqueHandle('race');
    const cookies = await Promise.all(Array.from({ length: 20 }, () => signInByPhone(app)));
    const results = await Promise.all(
      cookies.map((cookie) => completeProfile(app, cookie, { handle, displayName: 'Racer Name' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 200)) expect(loser.status).toBe(409);
  });

  it.each(['settings', 'Home', 'Media', 'admin', 'sign_in'])('refuses the reserved handle %s', async (handle) => {
    const cookie = await signInByPhone(app);
    const res = await completeProfile(app, cookie, { handle, displayName: 'Sneaky Name' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('Handle taken, try another');
  });

  it('says whether a handle is available', async () => {
    const { handle } = await newCreator();
    const ask = async (h: string) => app.request(`/api/handles/availability?handle=${encodeURIComponent(h)}`);
    expect(await (await ask(handle.toLowerCase())).json()).toEqual({
      handle: handle.toLowerCase(),
      isAvailable: false,
    });
    expect(await (await ask('settings')).json()).toMatchObject({ isAvailable: false });
    expect(await (await ask(uniqueHandle('free'))).json()).toMatchObject({ isAvailable: true });
    const bad = await ask('ab');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.handle).toBe('Too Short');
  });

  it('does not complete a profile twice', async () => {
    const { cookie, handle } = await newCreator();
    const res = await completeProfile(app, cookie, { handle: uniqueHandle(), displayName: 'Second Try' });
    expect(res.status).toBe(409);
    expect(await (await me(app, cookie)).json()).toMatchObject({ handle });
  });

  describe('invites', () => {
    it('resolve a code (lowercased and trimmed) to the inviter', async () => {
      const inviter = await newCreator(uniqueHandle('Inviter'));
      const res = await app.request(`/api/affiliates/${encodeURIComponent(`  ${inviter.handle.toUpperCase()} `)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        id: inviter.id,
        handle: inviter.handle,
        displayName: 'Sweet Creator',
        photoUrl: null,
      });
      expect((await app.request('/api/affiliates/nobody_at_all')).status).toBe(404);
    });

    it('record the inviter once, when the invited user completes the profile', async () => {
      const inviter = await newCreator();
      const cookie = await signInByPhone(app);
      await completeProfile(app, cookie, {
        handle: uniqueHandle(),
        displayName: 'Invited Fan',
        affiliate: inviter.handle,
      });
      expect(await affiliateOf(cookie)).toBe(inviter.id);
    });

    it('never record oneself or an unknown code', async () => {
      const cookie = await signInByPhone(app);
      const handle = uniqueHandle();
      await completeProfile(app, cookie, { handle, displayName: 'Self Inviter', affiliate: handle });
      expect(await affiliateOf(cookie)).toBeNull();
      const other = await signInByPhone(app);
      await completeProfile(app, other, {
        handle: uniqueHandle(),
        displayName: 'Lost Code',
        affiliate: 'no_such_code',
      });
      expect(await affiliateOf(other)).toBeNull();
    });
  });

  describe('changing the handle', () => {
    function setHandle(cookie: string, handle: string) {
      return app.request('/api/profile/handle', {
        method: 'PUT',
        headers: jsonHeaders({ cookie }),
        body: JSON.stringify({ handle }),
      });
    }

    it('keeps the old handle for its owner for 30 days', async () => {
      const creator = await newCreator();
      const next = uniqueHandle('renamed');
      const res = await setHandle(creator.cookie, next);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ handle: next });
      // Someone else cannot take the released handle yet...
      const other = await signInByPhone(app);
      const taken = await completeProfile(app, other, { handle: creator.handle, displayName: 'Squatter Name' });
      expect((await errorOf(taken)).message).toBe('Handle taken, try another');
      // ...but its owner can take it back.
      expect((await setHandle(creator.cookie, creator.handle)).status).toBe(200);
    });

    it('frees the old handle after 30 days', async () => {
      const creator = await newCreator();
      await setHandle(creator.cookie, uniqueHandle('moved'));
      await database.db.execute(
        sql`update handle_history set released_at = now() - interval '31 days' where lower(handle) = ${creator.handle.toLowerCase()}`,
      );
      const other = await signInByPhone(app);
      expect((await completeProfile(app, other, { handle: creator.handle, displayName: 'New Owner' })).status).toBe(
        200,
      );
    });

    it("refuses someone else's handle", async () => {
      const a = await newCreator();
      const b = await newCreator();
      const res = await setHandle(b.cookie, a.handle);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).fields).toEqual({ handle: 'Handle taken, try another' });
    });
  });
});
