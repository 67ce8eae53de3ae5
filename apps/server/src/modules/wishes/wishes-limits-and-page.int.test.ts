import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { MAX_ACTIVE_WISHES } from './service';
import { uniqueHandle, useWishesSuite } from './wishes-fixtures';

describe.each(databaseKinds())('wishes: list limits and the profile page on %s', (kind) => {
  const suite = useWishesSuite(kind);
  const { newSeller, create, patch, list } = suite;

  /** Puts `n` wishes on a seller's list straight into the database. */
  async function seedWishes(sellerId: string, n: number, archived = false) {
    await suite.database.db.execute(sql`
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
    await suite.database.db.execute(sql`update wishes set hidden_at = now() where id = ${`${seller.id}-false-1`}`);
    expect((await create(seller.cookie, { name: 'One more', cost: 20 })).status).toBe(201);
    expect((await create(seller.cookie, { name: 'And another', cost: 20 })).status).toBe(409);
    expect(((await (await list(seller.id)).json()) as unknown[]).length).toBe(MAX_ACTIVE_WISHES);
  });

  describe('the profile page in one answer (GET /api/users/{handle}/page)', () => {
    type Page = { profile: { id: string; handle: string; displayName: string }; wishes: { name: string }[] };
    const page = async (handle: string) =>
      (await (await suite.app.request(`/api/users/${handle}/page`)).json()) as Page;

    it('answers the profile and the same wishlist as the list call, and stays fresh after a new wish', async () => {
      const seller = await newSeller();
      expect((await create(seller.cookie, { name: 'First wish', cost: 25 })).status).toBe(201);
      const first = await page(seller.handle.toUpperCase());
      expect(first.profile).toMatchObject({ id: seller.id, handle: seller.handle, displayName: 'Wish Maker' });
      expect(first.wishes).toEqual(await (await suite.app.request(`/api/users/${seller.id}/wishes`)).json());
      expect(first.wishes.map((w) => w.name)).toEqual(['First wish']);

      // Both halves come from the public cache: a new wish must show at once.
      expect((await create(seller.cookie, { name: 'Second wish', cost: 25 })).status).toBe(201);
      expect((await page(seller.handle)).wishes.map((w) => w.name).sort()).toEqual(['First wish', 'Second wish']);
    });

    it('stays fresh after a change of display name, under the handle it was asked by', async () => {
      const seller = await newSeller();
      expect((await page(seller.handle)).profile.displayName).toBe('Wish Maker');
      const res = await suite.app.request('/api/profile', {
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
        const plain = await suite.app.request(path);
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(plain.headers.get('vary')).toBe('Accept-Encoding');
        const text = await plain.text();
        expect(text.length).toBeGreaterThan(1024);
        for (const accept of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', '*']) {
          const zipped = await suite.app.request(path, { headers: { 'Accept-Encoding': accept } });
          expect(zipped.headers.get('content-encoding')).toBe('gzip');
          expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
          const bytes = Buffer.from(await zipped.arrayBuffer());
          expect(bytes.length).toBeLessThan(text.length / 2);
          expect(gunzipSync(bytes).toString()).toBe(text);
        }
        for (const accept of ['br, deflate', 'gzip;q=0, br', 'identity']) {
          const refused = await suite.app.request(path, { headers: { 'Accept-Encoding': accept } });
          expect(refused.headers.get('content-encoding')).toBeNull();
          expect(await refused.text()).toBe(text);
        }
      }
    });

    it('answers 404 with product.md text for a handle nobody holds', async () => {
      const res = await suite.app.request(`/api/users/${uniqueHandle()}/page`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('User Not Found');
    });
  });
});
