import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../test/app-harness';
import { createFreshPostgresDatabase, databaseKinds } from '../../test/databases';
import { completeProfile, me, signInByPhone } from '../../test/sign-in-helpers';
import { type DatabaseHandle, openPostgres } from '../db/client';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Polls until check() passes or 5 s have gone by: another instance hears of a change a moment later. */
async function eventually(check: () => Promise<void>) {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe.skipIf(!databaseKinds().includes('postgres'))('public pages cached by two server instances', () => {
  let drop: () => Promise<void>;
  const handles: DatabaseHandle[] = [];
  let writer: App;
  let reader: App;
  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    for (let i = 0; i < 2; i++) handles.push(await openPostgres(fresh.url));
    await handles[0]?.migrate();
    writer = (await buildTestApp(handles[0] as DatabaseHandle)).app;
    reader = (await buildTestApp(handles[1] as DatabaseHandle)).app;
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop();
  });

  it("shows a change made through one instance on the other's cached pages", async () => {
    const cookie = await signInByPhone(writer);
    const handle = `cached_${Date.now().toString(36)}`;
    await completeProfile(writer, cookie, { handle, displayName: 'Cache Check' });
    const { id } = (await (await me(writer, cookie)).json()) as { id: string };
    const created = await writer.request('/api/wishes', {
      method: 'POST',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify({ name: 'Kettle', cost: 40 }),
    });
    const wish = (await created.json()) as { id: string };

    const wishNames = async () =>
      ((await (await reader.request(`/api/users/${id}/wishes`)).json()) as { name: string }[]).map((w) => w.name);
    const displayName = async () =>
      ((await (await reader.request(`/api/users/${handle}`)).json()) as { displayName: string }).displayName;
    await eventually(async () => expect(await wishNames()).toEqual(['Kettle']));
    expect(await displayName()).toBe('Cache Check');

    await writer.request(`/api/wishes/${wish.id}`, {
      method: 'PATCH',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify({ name: 'Teapot' }),
    });
    await writer.request('/api/profile', {
      method: 'PATCH',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify({ displayName: 'Cache Fresh' }),
    });
    await eventually(async () => expect(await wishNames()).toEqual(['Teapot']));
    await eventually(async () => expect(await displayName()).toBe('Cache Fresh'));
  });

  it('stops trusting a session on every instance once it is signed out on one', async () => {
    const cookie = await signInByPhone(writer);
    // The reader looks the session up and keeps it.
    expect((await me(reader, cookie)).status).toBe(200);
    expect((await me(reader, cookie)).status).toBe(200);
    const out = await writer.request('/api/auth/sign-out', {
      method: 'POST',
      headers: jsonHeaders({ cookie }),
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await (await me(writer, cookie)).json()).toBeNull();
    await eventually(async () => expect(await (await me(reader, cookie)).json()).toBeNull());
  });
});
