import { gunzipSync } from 'node:zlib';
import type { ArchivedWishPage } from '@sweetwish/shared/wishes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { expectBadPagesRefused, readEveryPage, TIED_TIMES } from '../../../test/paging';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { MAX_ACTIVE_WISHES } from './service';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type WishBody = { id: string; name: string; pinned: boolean; archived: boolean; updatedAt: string; sellerId: string };

let counter = 0;
function uniqueHandle() {
  counter += 1;
  return `seller_${Date.now().toString(36)}${counter}`;
}

describe.each(databaseKinds())('wishes on %s', (kind) => {
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
    await completeProfile(app, cookie, { handle, displayName: 'Wish Maker' });
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    return { cookie, handle, id };
  }

  async function create(cookie: string, body: Record<string, unknown>) {
    return app.request('/api/wishes', { method: 'POST', headers: jsonHeaders({ cookie }), body: JSON.stringify(body) });
  }

  async function patch(cookie: string | undefined, id: string, body: Record<string, unknown>) {
    return app.request(`/api/wishes/${id}`, {
      method: 'PATCH',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify(body),
    });
  }

  async function list(sellerId: string) {
    return app.request(`/api/users/${sellerId}/wishes`);
  }

  async function listArchived(sellerId: string, cookie?: string, query = '') {
    return app.request(`/api/users/${sellerId}/archived-wishes${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  }

  it('creates a standard wish with the defaults and shows it on the public wish page', async () => {
    const seller = await newSeller();
    const res = await create(seller.cookie, { name: 'Camera', cost: 250 });
    expect(res.status).toBe(201);
    const wish = (await res.json()) as WishBody;
    expect(wish).toMatchObject({
      name: 'Camera',
      cost: 250,
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
    });
    const page = await (await app.request(`/api/wishes/${wish.id}`)).json();
    expect(page).toMatchObject({
      wish: { id: wish.id },
      seller: { id: seller.id, handle: seller.handle, displayName: 'Wish Maker' },
    });
  });

  it.each([
    [{ name: '', cost: 50 }, 'name'],
    [{ name: 'x'.repeat(101), cost: 50 }, 'name'],
    [{ name: 'Gift', cost: 19 }, 'cost'],
    [{ name: 'Gift', cost: 1_000_000 }, 'cost'],
    [{ name: 'Gift', cost: 20.5 }, 'cost'],
    [{ name: 'Gift', cost: 50, description: 'x'.repeat(1001) }, 'description'],
    [{ name: 'Gift', cost: 50, blurhash: 'short' }, 'blurhash'],
    [{ name: 'Gift', cost: 50, type: 'raffle' }, 'type'],
  ])('refuses %j and stores nothing', async (body, field) => {
    const seller = await newSeller();
    const res = await create(seller.cookie, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(field);
    expect(await (await list(seller.id)).json()).toEqual([]);
  });

  it("refuses an image from someone else's folder", async () => {
    const seller = await newSeller();
    const res = await create(seller.cookie, {
      name: 'Gift',
      cost: 50,
      image: '/media/images/users/someone-else/x.jpg',
    });
    expect(res.status).toBe(400);
  });

  it('takes a wish image only in the exact form an upload answers', async () => {
    const seller = await newSeller();
    const res = await create(seller.cookie, {
      name: 'Gift',
      cost: 50,
      image: `/media/images/users/${seller.id}/x.jpg"); } * { display: none } .x { b: url("`,
    });
    expect(res.status).toBe(400);
    expect(await (await list(seller.id)).json()).toEqual([]);
  });

  it('needs a signed-in user to create', async () => {
    const res = await app.request('/api/wishes', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ name: 'Gift', cost: 50 }),
    });
    expect(res.status).toBe(401);
  });

  it('lists not purchased first, then pinned, then the most recently updated', async () => {
    const seller = await newSeller();
    const ids: Record<string, string> = {};
    for (const name of ['first', 'second', 'third']) {
      ids[name] = ((await (await create(seller.cookie, { name, cost: 30 })).json()) as WishBody).id;
    }
    await patch(seller.cookie, ids.first ?? '', { pinned: true });
    const names = ((await (await list(seller.id)).json()) as WishBody[]).map((w) => w.name);
    expect(names).toEqual(['first', 'third', 'second']);
  });

  it('archives and restores; archived wishes are listed apart, to their owner only', async () => {
    const seller = await newSeller();
    const wish = (await (await create(seller.cookie, { name: 'Old thing', cost: 30 })).json()) as WishBody;
    expect((await patch(seller.cookie, wish.id, { archived: true })).status).toBe(200);
    expect(await (await list(seller.id)).json()).toEqual([]);
    const archived = (await (await listArchived(seller.id, seller.cookie)).json()) as ArchivedWishPage;
    expect(archived.items.map((w) => w.id)).toEqual([wish.id]);
    expect(archived.nextCursor).toBeNull();
    const visitor = await newSeller();
    expect((await listArchived(seller.id, visitor.cookie)).status).toBe(403);
    expect((await listArchived(seller.id)).status).toBe(403);
    await patch(seller.cookie, wish.id, { archived: false });
    expect(((await (await list(seller.id)).json()) as WishBody[]).map((w) => w.id)).toEqual([wish.id]);
  });

  it("refuses every change to someone else's wish, and changes nothing", async () => {
    const owner = await newSeller();
    const other = await newSeller();
    const wish = (await (await create(owner.cookie, { name: 'Mine', cost: 40 })).json()) as WishBody;
    for (const change of [
      { name: 'Stolen' },
      { cost: 999 },
      { pinned: true },
      { archived: true },
      { description: 'x' },
    ]) {
      const res = await patch(other.cookie, wish.id, change);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Product does not exist.');
    }
    expect((await patch(undefined, wish.id, { name: 'Anonymous' })).status).toBe(401);
    const after = ((await (await app.request(`/api/wishes/${wish.id}`)).json()) as { wish: WishBody }).wish;
    expect(after).toMatchObject({ name: 'Mine', pinned: false, archived: false, updatedAt: wish.updatedAt });
  });

  it('refuses a change of type or owner', async () => {
    const seller = await newSeller();
    const wish = (await (await create(seller.cookie, { name: 'Fixed', cost: 40 })).json()) as WishBody;
    expect((await patch(seller.cookie, wish.id, { type: 'subscription' })).status).toBe(400);
    expect((await patch(seller.cookie, wish.id, { sellerId: 'someone' })).status).toBe(400);
  });

  it('answers 404 for a wish that does not exist', async () => {
    expect((await app.request('/api/wishes/no-such-wish')).status).toBe(404);
  });

  it('pages the archived wishes in product.md order across ties in updated_at, without repeats or gaps', async () => {
    const seller = await newSeller();
    // Purchased or not, pinned or not, and times that tie: every part of the order meets a page boundary.
    const rows = [];
    let n = 0;
    for (const purchased of [false, true]) {
      for (const pinned of [true, false]) {
        for (const at of TIED_TIMES.slice(0, 3)) {
          const id = `${seller.id}-archived-${n++}`;
          await database.db.execute(sql`
            insert into wishes (id, seller_id, name, cost, archived, purchased, pinned, updated_at)
            values (${id}, ${seller.id}, ${id}, 20, true, ${purchased}, ${pinned}, ${at}::timestamptz)`);
          rows.push({ id, at, rank: (purchased ? 2 : 0) + (pinned ? 0 : 1) });
        }
      }
    }
    const expected = rows
      .toSorted((a, b) => a.rank - b.rank || (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .map((row) => row.id);
    for (const limit of [1, 2, 5, rows.length]) {
      const seen = await readEveryPage<{ id: string }>((q) => listArchived(seller.id, seller.cookie, q), limit);
      expect(seen.map((w) => w.id)).toEqual(expected);
    }
    await expectBadPagesRefused((q) => listArchived(seller.id, seller.cookie, q));
    // A cursor of the owner's list opens nothing for someone else.
    const first = (await (await listArchived(seller.id, seller.cookie, '?limit=1')).json()) as ArchivedWishPage;
    const visitor = await newSeller();
    expect((await listArchived(seller.id, visitor.cookie, `?cursor=${first.nextCursor}`)).status).toBe(403);
  });

  /** Puts `n` wishes on a seller's list straight into the database. */
  async function seedWishes(sellerId: string, n: number, archived = false) {
    await database.db.execute(sql`
      insert into wishes (id, seller_id, name, cost, archived)
      select ${`${sellerId}-${archived}-`} || g, ${sellerId}, 'Seeded wish ' || g, 20, ${archived}
      from generate_series(1, ${n}::int) g`);
  }

  it(`holds at most ${MAX_ACTIVE_WISHES} wishes on one list (archived ones aside), also when created at once`, async () => {
    const seller = await newSeller();
    await seedWishes(seller.id, MAX_ACTIVE_WISHES - 1);
    await seedWishes(seller.id, 5, true);
    // Ten at once for the last place: one wins (on PostgreSQL they really run at once).
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(seller.cookie, { name: `Last ${i}`, cost: 20 })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      code: 'CONFLICT',
      message: 'You can have at most 1,000 wishes. Archive one to add another.',
    });
    expect(((await (await list(seller.id)).json()) as unknown[]).length).toBe(MAX_ACTIVE_WISHES);

    // Restoring an archived one is adding one too; archiving one makes room.
    const archivedId = `${seller.id}-true-1`;
    expect((await patch(seller.cookie, archivedId, { archived: false })).status).toBe(409);
    expect((await patch(seller.cookie, `${seller.id}-false-1`, { archived: true })).status).toBe(200);
    expect((await patch(seller.cookie, archivedId, { archived: false })).status).toBe(200);
    // A full list can still be edited.
    expect((await patch(seller.cookie, archivedId, { archived: false, name: 'Renamed' })).status).toBe(200);
    expect((await create(seller.cookie, { name: 'One more', cost: 20 })).status).toBe(409);
  });

  it('does not count wishes hidden by moderation: the seller can neither see nor archive them', async () => {
    const seller = await newSeller();
    await seedWishes(seller.id, MAX_ACTIVE_WISHES);
    expect((await create(seller.cookie, { name: 'One more', cost: 20 })).status).toBe(409);
    await database.db.execute(sql`update wishes set hidden_at = now() where id = ${`${seller.id}-false-1`}`);
    expect((await create(seller.cookie, { name: 'One more', cost: 20 })).status).toBe(201);
    expect((await create(seller.cookie, { name: 'And another', cost: 20 })).status).toBe(409);
    expect(((await (await list(seller.id)).json()) as unknown[]).length).toBe(MAX_ACTIVE_WISHES);
  });

  describe('the profile page in one answer (GET /api/users/{handle}/page)', () => {
    type Page = { profile: { id: string; handle: string; displayName: string }; wishes: { name: string }[] };
    const page = async (handle: string) => (await (await app.request(`/api/users/${handle}/page`)).json()) as Page;

    it('answers the profile and the same wishlist as the list call, and stays fresh after a new wish', async () => {
      const seller = await newSeller();
      expect((await create(seller.cookie, { name: 'First wish', cost: 25 })).status).toBe(201);
      const first = await page(seller.handle.toUpperCase());
      expect(first.profile).toMatchObject({ id: seller.id, handle: seller.handle, displayName: 'Wish Maker' });
      expect(first.wishes).toEqual(await (await app.request(`/api/users/${seller.id}/wishes`)).json());
      expect(first.wishes.map((w) => w.name)).toEqual(['First wish']);

      // Both halves come from the public cache: a new wish must show at once.
      expect((await create(seller.cookie, { name: 'Second wish', cost: 25 })).status).toBe(201);
      expect((await page(seller.handle)).wishes.map((w) => w.name).sort()).toEqual(['First wish', 'Second wish']);
    });

    it('stays fresh after a change of display name, under the handle it was asked by', async () => {
      const seller = await newSeller();
      expect((await page(seller.handle)).profile.displayName).toBe('Wish Maker');
      const res = await app.request('/api/profile', {
        method: 'PATCH',
        headers: jsonHeaders({ cookie: seller.cookie }),
        body: JSON.stringify({ displayName: 'New Name' }),
      });
      expect(res.status).toBe(200);
      expect((await page(seller.handle.toUpperCase())).profile.displayName).toBe('New Name');
    });

    it('sends the cached answers gzipped to a client that accepts gzip, and as they are to any other', async () => {
      const seller = await newSeller();
      for (let i = 0; i < 6; i++) {
        const body = { name: `Wish ${i}`, cost: 25, description: 'Long enough for gzip to pay off.' };
        expect((await create(seller.cookie, body)).status).toBe(201);
      }
      for (const path of [`/api/users/${seller.id}/wishes`, `/api/users/${seller.handle}/page`]) {
        const plain = await app.request(path);
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(plain.headers.get('vary')).toBe('Accept-Encoding');
        const text = await plain.text();
        expect(text.length).toBeGreaterThan(1024);
        for (const accept of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', '*']) {
          const zipped = await app.request(path, { headers: { 'Accept-Encoding': accept } });
          expect(zipped.headers.get('content-encoding')).toBe('gzip');
          expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
          const bytes = Buffer.from(await zipped.arrayBuffer());
          expect(bytes.length).toBeLessThan(text.length / 2);
          expect(gunzipSync(bytes).toString()).toBe(text);
        }
        for (const accept of ['br, deflate', 'gzip;q=0, br', 'identity']) {
          const refused = await app.request(path, { headers: { 'Accept-Encoding': accept } });
          expect(refused.headers.get('content-encoding')).toBeNull();
          expect(await refused.text()).toBe(text);
        }
      }
    });

    it('answers 404 with product.md text for a handle nobody holds', async () => {
      const res = await app.request(`/api/users/${uniqueHandle()}/page`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('User Not Found');
    });
  });
});
