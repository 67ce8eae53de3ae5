import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { reconcile } from '../wallet/service';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type User = { id: string; cookie: string; handle: string };

let counter = 0;

describe.each(databaseKinds())('gifts and tips on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newUser(options: { tokens?: number; affiliate?: string } = {}): Promise<User> {
    const cookie = await signInByPhone(app);
    counter++;
    const handle = `gift_${Date.now().toString(36)}${counter}`;
    const done = await completeProfile(app, cookie, {
      handle,
      displayName: 'Gift Person',
      affiliate: options.affiliate,
    });
    expect(done.status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    if (options.tokens) await seedTokens(database.db, id, options.tokens * 100);
    return { id, cookie, handle };
  }

  const post = (user: User, path: string, body: unknown) =>
    app.request(`/api${path}`, {
      method: 'POST',
      headers: jsonHeaders({ cookie: user.cookie }),
      body: JSON.stringify(body),
    });
  const get = (user: User, path: string) => app.request(`/api${path}`, { headers: { Cookie: user.cookie } });
  const balance = async (user: User) =>
    ((await (await get(user, '/wallet')).json()) as { balanceCents: number }).balanceCents;
  async function newWish(seller: User, body: Record<string, unknown>) {
    const res = await post(seller, '/wishes', { name: 'Record player', cost: 120, ...body });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string };
  }

  it('sends a tip: the fan pays the whole, the creator gets 80%, and both lists show it', async () => {
    const fan = await newUser({ tokens: 100 });
    const creator = await newUser();
    const res = await post(fan, '/tips', { recipientId: creator.id, amount: 25 });
    expect(res.status).toBe(201);
    const { tipId } = (await res.json()) as { tipId: string };
    expect(await balance(fan)).toBe(7500);
    expect(await balance(creator)).toBe(2000);

    const { items: purchases } = (await (await get(fan, '/purchases')).json()) as { items: { id: string }[] };
    expect(purchases).toEqual([expect.objectContaining({ id: tipId, type: 'tip', costCents: 2500 })]);
    const received = (await (await get(creator, `/received/${tipId}`)).json()) as Record<string, unknown>;
    expect(received).toMatchObject({ costCents: 2500, feesCents: 500, netCents: 2000, isSeen: false });
    expect(received.buyer).toMatchObject({ id: fan.id, handle: fan.handle });
  });

  it("credits the creator's affiliate 2% of a tip", async () => {
    const affiliate = await newUser();
    const creator = await newUser({ affiliate: affiliate.handle });
    const fan = await newUser({ tokens: 100 });
    expect((await post(fan, '/tips', { recipientId: creator.id, amount: 50 })).status).toBe(201);
    expect(await balance(affiliate)).toBe(100);
    expect(await balance(creator)).toBe(4000);
  });

  it('hides an anonymous fan from the creator everywhere', async () => {
    const fan = await newUser({ tokens: 50 });
    const creator = await newUser();
    const { tipId } = (await (
      await post(fan, '/tips', { recipientId: creator.id, amount: 5, isAnonymous: true })
    ).json()) as {
      tipId: string;
    };
    const {
      items: [item],
    } = (await (await get(creator, '/received')).json()) as { items: { id: string; buyer: unknown }[] };
    expect(item).toMatchObject({ id: tipId, buyer: null });
    expect(JSON.stringify(await (await get(creator, `/received/${tipId}`)).json())).not.toContain(fan.id);
  });

  it('refuses a tip above the balance, to oneself, or out of range, and moves nothing', async () => {
    const fan = await newUser({ tokens: 10 });
    const creator = await newUser();
    const tooMuch = await post(fan, '/tips', { recipientId: creator.id, amount: 11 });
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe('Insufficient balance');
    expect((await post(fan, '/tips', { recipientId: fan.id, amount: 1 })).status).toBe(403);
    for (const amount of [0, 1_000_000, 1.5, '5']) {
      expect((await post(fan, '/tips', { recipientId: creator.id, amount })).status).toBe(400);
    }
    expect((await post(fan, '/tips', { recipientId: 'nobody', amount: 1 })).status).toBe(404);
    expect(await balance(fan)).toBe(1000);
    expect(await balance(creator)).toBe(0);
  });

  it('needs a signed-in user for every gift call', async () => {
    for (const path of ['/wallet', '/purchases', '/received', '/activity']) {
      expect((await app.request(`/api${path}`)).status).toBe(401);
    }
    const res = await app.request('/api/tips', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ recipientId: 'x', amount: 1 }),
    });
    expect(res.status).toBe(401);
  });

  it('sells a single-purchase wish once, at its own price, and charges nobody else', async () => {
    const seller = await newUser();
    const wish = await newWish(seller, { allowRepeatPurchases: false, cost: 120 });
    const first = await newUser({ tokens: 200 });
    const second = await newUser({ tokens: 200 });
    const bought = await post(first, '/purchases', { productId: wish.id, sellerId: seller.id });
    expect(bought.status).toBe(201);
    const again = await post(second, '/purchases', { productId: wish.id, sellerId: seller.id });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'This wish is already purchased!',
    );
    expect(await balance(first)).toBe(8000);
    expect(await balance(second)).toBe(20000);
    expect(await balance(seller)).toBe(9600);
    const wishPage = (await (await app.request(`/api/wishes/${wish.id}`)).json()) as { wish: { purchased: boolean } };
    expect(wishPage.wish.purchased).toBe(true);
    const list = (await (await app.request(`/api/users/${seller.id}/wishes`)).json()) as { purchased: boolean }[];
    expect(list[0]?.purchased).toBe(true);
  });

  it('sells a repeatable wish again and again; refuses own, archived, unknown and unaffordable wishes', async () => {
    const seller = await newUser({ tokens: 500 });
    const wish = await newWish(seller, { cost: 30 });
    const fan = await newUser({ tokens: 70 });
    expect((await post(fan, '/purchases', { productId: wish.id, sellerId: seller.id })).status).toBe(201);
    expect((await post(fan, '/purchases', { productId: wish.id, sellerId: seller.id })).status).toBe(201);
    expect((await post(fan, '/purchases', { productId: wish.id, sellerId: seller.id })).status).toBe(422);
    expect((await post(seller, '/purchases', { productId: wish.id, sellerId: seller.id })).status).toBe(403);
    const other = await newUser();
    expect((await post(fan, '/purchases', { productId: wish.id, sellerId: other.id })).status).toBe(404);
    await app.request(`/api/wishes/${wish.id}`, {
      method: 'PATCH',
      headers: jsonHeaders({ cookie: seller.cookie }),
      body: JSON.stringify({ archived: true }),
    });
    expect((await post(fan, '/purchases', { productId: wish.id, sellerId: seller.id })).status).toBe(409);
    expect(await balance(fan)).toBe(1000);
  });

  it("lets nobody read another user's wallet, purchases or received items, or mark them seen", async () => {
    const fan = await newUser({ tokens: 20 });
    const creator = await newUser();
    const stranger = await newUser();
    const { tipId } = (await (await post(fan, '/tips', { recipientId: creator.id, amount: 3 })).json()) as {
      tipId: string;
    };
    expect(await balance(stranger)).toBe(0);
    expect((await get(stranger, `/purchases/${tipId}`)).status).toBe(404);
    expect((await get(stranger, `/received/${tipId}`)).status).toBe(404);
    expect((await get(fan, `/received/${tipId}`)).status).toBe(404);
    expect((await post(stranger, `/received/${tipId}/seen`, {})).status).toBe(404);
    expect(await (await get(stranger, '/purchases')).json()).toEqual({ items: [], nextCursor: null });
    expect(await (await get(stranger, '/received')).json()).toEqual({ items: [], nextCursor: null });
  });

  it('marks a received item seen once opened, and the side-menu summary follows', async () => {
    const fan = await newUser({ tokens: 20 });
    const creator = await newUser();
    const { tipId } = (await (await post(fan, '/tips', { recipientId: creator.id, amount: 3 })).json()) as {
      tipId: string;
    };
    expect(await (await get(creator, '/activity')).json()).toEqual({
      hasPurchases: false,
      hasReceived: true,
      unseenReceived: 1,
      hasConversations: false,
      unseenConversations: 0,
    });
    expect((await post(creator, `/received/${tipId}/seen`, {})).status).toBe(204);
    expect(((await (await get(creator, `/received/${tipId}`)).json()) as { isSeen: boolean }).isSeen).toBe(true);
    expect(await (await get(creator, '/activity')).json()).toMatchObject({ unseenReceived: 0 });
    expect(await (await get(fan, '/activity')).json()).toMatchObject({ hasPurchases: true, hasReceived: false });
  });

  it.skipIf(kind !== 'postgres')(
    'never overdraws under 50 parallel tips that together exceed the balance',
    async () => {
      const fan = await newUser({ tokens: 100 });
      const creator = await newUser();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => post(fan, '/tips', { recipientId: creator.id, amount: 7 })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(14);
      expect(statuses.filter((s) => s === 422)).toHaveLength(36);
      expect(await balance(fan)).toBe(200);
    },
  );

  it.skipIf(kind !== 'postgres')('gives one purchase among 100 parallel buyers of a single-purchase wish', async () => {
    const seller = await newUser();
    const wish = await newWish(seller, { allowRepeatPurchases: false, cost: 25 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => newUser({ tokens: 30 })));
    const results = await Promise.all(
      buyers.map((b) => post(b, '/purchases', { productId: wish.id, sellerId: seller.id })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(99);
    const balances = await Promise.all(buyers.map(balance));
    expect(balances.filter((b) => b === 500)).toHaveLength(1);
    expect(balances.filter((b) => b === 3000)).toHaveLength(99);
  });

  it('reconciles after all of it', async () => {
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });
});
