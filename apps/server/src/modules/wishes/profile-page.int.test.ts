import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type Page = { profile: { id: string; handle: string; displayName: string }; wishes: { id: string; name: string }[] };

let counter = 0;
function uniqueHandle() {
  counter += 1;
  return `page_${Date.now().toString(36)}${counter}`;
}

describe.each(databaseKinds())('the profile page in one answer on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newSeller() {
    const cookie = await signInByPhone(app);
    const handle = uniqueHandle();
    await completeProfile(app, cookie, { handle, displayName: 'Page Maker' });
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    return { cookie, handle, id };
  }

  const createWish = (cookie: string, name: string) =>
    app.request('/api/wishes', {
      method: 'POST',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify({ name, cost: 25 }),
    });

  it('answers the profile and the same wishlist as the list call, and stays fresh after a new wish', async () => {
    const seller = await newSeller();
    expect((await createWish(seller.cookie, 'First wish')).status).toBe(201);
    const page = (await (await app.request(`/api/users/${seller.handle.toUpperCase()}/page`)).json()) as Page;
    expect(page.profile).toMatchObject({ id: seller.id, handle: seller.handle, displayName: 'Page Maker' });
    const list = await (await app.request(`/api/users/${seller.id}/wishes`)).json();
    expect(page.wishes).toEqual(list);
    expect(page.wishes.map((w) => w.name)).toEqual(['First wish']);

    // Both halves come from the public cache: a new wish must show at once.
    expect((await createWish(seller.cookie, 'Second wish')).status).toBe(201);
    const again = (await (await app.request(`/api/users/${seller.handle}/page`)).json()) as Page;
    expect(again.wishes.map((w) => w.name).sort()).toEqual(['First wish', 'Second wish']);
  });

  it('answers 404 with the spec text for a handle nobody holds', async () => {
    const res = await app.request(`/api/users/${uniqueHandle()}/page`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('User Not Found');
  });
});
