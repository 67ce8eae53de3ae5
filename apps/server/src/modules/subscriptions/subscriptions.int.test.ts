import { SUBSCRIPTION_MESSAGES } from '@sweetwish/shared/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders, UNLIMITED_WRITES } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { WRITE_POLICY, writeKindOf } from '../../http/rate-limits/write-policy';
import { reconcile } from '../wallet/service';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type User = { id: string; cookie: string; handle: string };

let counter = 0;

describe.each(databaseKinds())('subscriptions over HTTP on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newUser(tokens = 0): Promise<User> {
    const cookie = await signInByPhone(app);
    counter++;
    const handle = `sub_${Date.now().toString(36)}${counter}`;
    expect((await completeProfile(app, cookie, { handle, displayName: `Subscriber ${counter}` })).status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    if (tokens) await seedTokens(database.db, id, tokens * 100);
    return { id, cookie, handle };
  }

  const send = (user: User, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...jsonHeaders({ cookie: user.cookie }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const get = (user: User, path: string) => app.request(`/api${path}`, { headers: { Cookie: user.cookie } });
  const balance = async (user: User) =>
    ((await (await get(user, '/wallet')).json()) as { balanceCents: number }).balanceCents;
  async function newWish(seller: User, body: Record<string, unknown> = {}) {
    const res = await send(seller, 'POST', '/wishes', {
      name: 'Weekly voice note',
      cost: 50,
      type: 'subscription',
      ...body,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; type: string };
  }
  const subscribe = (fan: User, wishId: string, key?: string) =>
    send(fan, 'POST', '/subscriptions', { wishId }, key ? { 'Idempotency-Key': key } : {});
  const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

  it('subscribes: the first month is a purchase under the usual split, with the next charge a month on', async () => {
    const creator = await newUser();
    const fan = await newUser(80);
    const wish = await newWish(creator);
    expect(wish.type).toBe('subscription');
    const res = await subscribe(fan, wish.id);
    expect(res.status).toBe(201);
    const sub = (await res.json()) as { id: string; startedAt: string; nextChargeAt: string; status: string };
    expect(sub.status).toBe('active');
    const next = new Date(sub.startedAt);
    next.setUTCMonth(next.getUTCMonth() + 1);
    if (new Date(sub.startedAt).getUTCDate() <= 28) expect(sub.nextChargeAt).toBe(next.toISOString());
    expect(await balance(fan)).toBe(30_00);

    // The charge is a purchase: in the fan's purchases, the creator's received list and detail.
    const purchases = (await (await get(fan, '/purchases')).json()) as { items: { id: string; costCents: number }[] };
    expect(purchases.items).toEqual([expect.objectContaining({ costCents: 50_00, type: 'standard' })]);
    const id = purchases.items[0]?.id;
    const received = (await (await get(creator, `/received/${id}`)).json()) as Record<string, unknown>;
    expect(received).toMatchObject({ costCents: 50_00, feesCents: 10_00, netCents: 40_00 });
    expect(received.product).toMatchObject({ id: wish.id, name: 'Weekly voice note' });

    const mine = (await (await get(fan, '/subscriptions')).json()) as { items: { id: string }[] };
    expect(mine.items).toEqual([expect.objectContaining({ id: sub.id, nextChargeAt: sub.nextChargeAt })]);
    const subscribers = (await (await get(creator, '/subscribers')).json()) as Record<string, unknown>;
    expect(subscribers).toMatchObject({
      monthlyTotalCents: 50_00,
      items: [
        expect.objectContaining({ id: sub.id, fan: expect.objectContaining({ id: fan.id, handle: fan.handle }) }),
      ],
    });
    expect((await (await get(fan, `/subscriptions/wish/${wish.id}`)).json()) as unknown).toMatchObject({
      mine: { id: sub.id },
      isTaken: false,
    });
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('refuses with clear errors and charges nothing', async () => {
    const creator = await newUser();
    const fan = await newUser(200);
    const wish = await newWish(creator, { allowRepeatPurchases: false });
    const standard = await newWish(creator, { type: 'standard' });
    const archived = await newWish(creator);
    expect((await send(creator, 'PATCH', `/wishes/${archived.id}`, { archived: true })).status).toBe(200);

    const own = await subscribe(creator, wish.id);
    expect([own.status, await errorOf(own)]).toEqual([403, SUBSCRIPTION_MESSAGES.ownWish]);
    const notSub = await subscribe(fan, standard.id);
    expect([notSub.status, await errorOf(notSub)]).toEqual([409, SUBSCRIPTION_MESSAGES.notSubscription]);
    const old = await subscribe(fan, archived.id);
    expect([old.status, await errorOf(old)]).toEqual([409, SUBSCRIPTION_MESSAGES.archived]);
    const missing = await subscribe(fan, 'no-such-wish');
    expect(missing.status).toBe(404);
    // A subscription wish is not bought once.
    const buy = await send(fan, 'POST', '/purchases', { productId: wish.id, sellerId: creator.id });
    expect([buy.status, await errorOf(buy)]).toEqual([409, SUBSCRIPTION_MESSAGES.isSubscription]);

    const poor = await newUser(10);
    const short = await subscribe(poor, wish.id);
    expect(short.status).toBe(422);
    expect(((await short.json()) as { error: { code: string } }).error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(poor)).toBe(10_00);

    expect((await subscribe(fan, wish.id)).status).toBe(201);
    const again = await subscribe(fan, wish.id);
    expect([again.status, await errorOf(again)]).toEqual([409, SUBSCRIPTION_MESSAGES.alreadySubscribed]);
    const other = await newUser(100);
    const taken = await subscribe(other, wish.id);
    expect([taken.status, await errorOf(taken)]).toEqual([409, SUBSCRIPTION_MESSAGES.taken]);
    expect((await (await get(other, `/subscriptions/wish/${wish.id}`)).json()) as unknown).toEqual({
      mine: null,
      isTaken: true,
    });

    // A creator who blocked the fan and refuses their gifts.
    const open = await newWish(creator);
    expect((await send(creator, 'PUT', `/users/${other.id}/block`, { refusesGifts: true })).status).toBe(200);
    const blocked = await subscribe(other, open.id);
    expect(blocked.status).toBe(403);
    expect(await balance(other)).toBe(100_00);
    expect(await balance(fan)).toBe(150_00);
  });

  it('is idempotent with a key: a retry answers the same subscription and charges once', async () => {
    const creator = await newUser();
    const fan = await newUser(120);
    const wish = await newWish(creator);
    const first = await subscribe(fan, wish.id, 'subscribe-key-1');
    const second = await subscribe(fan, wish.id, 'subscribe-key-1');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await second.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    expect(await balance(fan)).toBe(70_00);
  });

  it('cancels to the end of the paid month; only the fan sees or cancels their own, only the creator their subscribers', async () => {
    const creator = await newUser();
    const fan = await newUser(60);
    const stranger = await newUser();
    const wish = await newWish(creator);
    const sub = (await (await subscribe(fan, wish.id)).json()) as { id: string; paidUntil: string };

    const theirs = await send(stranger, 'POST', `/subscriptions/${sub.id}/cancel`);
    expect([theirs.status, await errorOf(theirs)]).toEqual([404, SUBSCRIPTION_MESSAGES.missing]);
    expect((await (await get(stranger, '/subscriptions')).json()) as unknown).toEqual({ items: [] });
    expect((await (await get(stranger, '/subscribers')).json()) as unknown).toEqual({
      items: [],
      monthlyTotalCents: 0,
    });
    expect((await (await get(fan, '/subscribers')).json()) as unknown).toEqual({ items: [], monthlyTotalCents: 0 });

    for (let i = 0; i < 2; i++) {
      const res = await send(fan, 'POST', `/subscriptions/${sub.id}/cancel`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'canceled', paidUntil: sub.paidUntil, nextChargeAt: null });
    }
    // Runs to the end of the month: no refund; the creator no longer counts it monthly.
    expect(await balance(fan)).toBe(10_00);
    expect((await (await get(creator, '/subscribers')).json()) as unknown).toMatchObject({ monthlyTotalCents: 0 });
  });

  it("ends a deleted fan's subscriptions: nothing more is charged, the single-subscriber wish is free", async () => {
    const creator = await newUser();
    const fan = await newUser(60);
    const wish = await newWish(creator, { allowRepeatPurchases: false });
    expect((await subscribe(fan, wish.id)).status).toBe(201);
    const deleted = await send(fan, 'POST', '/account/delete', { isConfirmed: true, forfeitCents: 10_00 });
    expect(deleted.status).toBe(204);
    expect((await (await get(creator, '/subscribers')).json()) as unknown).toEqual({ items: [], monthlyTotalCents: 0 });
    const next = await newUser(50);
    expect((await subscribe(next, wish.id)).status).toBe(201);
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('needs a signed-in user, and limits subscribes and cancels per user', async () => {
    expect((await app.request('/api/subscriptions')).status).toBe(401);
    expect((await app.request('/api/subscribers')).status).toBe(401);
    expect(writeKindOf('POST', '/api/subscriptions')).toBe('subscription');
    expect(writeKindOf('POST', '/api/subscriptions/abc/cancel')).toBe('subscription');

    // An app whose subscription writes allow 2 a day per user: the third is refused and changes nothing. A
    // per-minute limit would let the third through when a loaded machine crosses a minute between requests.
    const policy = {
      ...UNLIMITED_WRITES,
      subscription: { ...WRITE_POLICY.subscription, perUser: { perMinute: 100, perDay: 2 } },
    };
    const limited = (await buildTestApp(database, { writePolicy: policy })).app;
    const creator = await newUser();
    const fan = await newUser(100);
    const wishes = [await newWish(creator), await newWish(creator), await newWish(creator)];
    const answers = [];
    for (const wish of wishes) {
      const res = await limited.request('/api/subscriptions', {
        method: 'POST',
        headers: jsonHeaders({ cookie: fan.cookie }),
        body: JSON.stringify({ wishId: wish.id }),
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([201, 201, 429]);
    expect(await balance(fan)).toBe(0);
    expect(((await (await get(fan, '/subscriptions')).json()) as { items: unknown[] }).items).toHaveLength(2);
  });
});
