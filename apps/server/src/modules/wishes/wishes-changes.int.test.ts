import type { ArchivedWishPage } from '@sweetwish/shared/wishes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { expectBadPagesRefused, readEveryPage, TIED_TIMES } from '../../../test/paging';
import { useWishesSuite } from './wishes-fixtures';

type WishBody = { id: string; name: string; pinned: boolean; archived: boolean; updatedAt: string; sellerId: string };

describe.each(databaseKinds())('wishes: creating, changing and archiving on %s', (kind) => {
  const suite = useWishesSuite(kind);
  const { newSeller, create, patch, list } = suite;

  async function listArchived(sellerId: string, cookie?: string, query = '') {
    return suite.app.request(`/api/users/${sellerId}/archived-wishes${query}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
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
    const page = await (await suite.app.request(`/api/wishes/${wish.id}`)).json();
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
    const res = await suite.app.request('/api/wishes', {
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
    const after = ((await (await suite.app.request(`/api/wishes/${wish.id}`)).json()) as { wish: WishBody }).wish;
    expect(after).toMatchObject({ name: 'Mine', pinned: false, archived: false, updatedAt: wish.updatedAt });
  });

  it('refuses a change of type or owner', async () => {
    const seller = await newSeller();
    const wish = (await (await create(seller.cookie, { name: 'Fixed', cost: 40 })).json()) as WishBody;
    expect((await patch(seller.cookie, wish.id, { type: 'subscription' })).status).toBe(400);
    expect((await patch(seller.cookie, wish.id, { sellerId: 'someone' })).status).toBe(400);
  });

  it('answers 404 for a wish that does not exist', async () => {
    expect((await suite.app.request('/api/wishes/no-such-wish')).status).toBe(404);
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
          await suite.database.db.execute(sql`
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
});
