import { GROUP_GIFT_MESSAGES, type GroupGiftProgress } from '@sweetwish/shared/group-gifts';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedTokens, seedUser } from '../../../test/seed';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { notificationJob } from '../../use-cases/notification-job';
import { createConversation } from '../conversations/service';
import { findUserBalances } from '../ledger/service';
import { blockUser } from '../safety/blocks';
import { reconcile } from '../wallet/service';
import { getStatementPage } from '../wallet/statement';
import { createWish, updateWish } from '../wishes/service';
import { checkHeldContributions, contribute, getProgress, onWishUpdate, takeBack } from './service';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type User = { id: string; cookie: string; handle: string };

let counter = 0;

describe.each(databaseKinds())('group gifts on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newUser(options: { tokens?: number } = {}): Promise<User> {
    const cookie = await signInByPhone(app);
    counter++;
    const handle = `group_${Date.now().toString(36)}${counter}`;
    expect((await completeProfile(app, cookie, { handle, displayName: `Group Fan ${counter}` })).status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    if (options.tokens) await seedTokens(database.db, id, options.tokens * 100);
    return { id, cookie, handle };
  }

  const request = (user: User, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...jsonHeaders({ cookie: user.cookie }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const progressOf = async (wishId: string, viewer?: User) =>
    (await (
      await app.request(`/api/wishes/${wishId}/group-gift`, { headers: viewer ? { Cookie: viewer.cookie } : {} })
    ).json()) as GroupGiftProgress;
  const balances = (userId: string) => findUserBalances(database.db, userId);
  const groupGift = (sellerId: string, cost: number) =>
    createWish(database.db, sellerId, {
      name: 'Espresso machine',
      cost,
      description: '',
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
      isGroupGift: true,
    });
  async function booksBalance() {
    expect((await reconcile(database.db)).lines).toEqual(['ok']);
    expect(await checkHeldContributions(database.db)).toEqual([]);
  }

  it('100 fans at once never over-fund it; the contribution completing it grants it exactly once', async () => {
    const creator = await seedUser(database.db);
    const wish = await groupGift(creator.id, 150);
    expect(wish.allowRepeatPurchases).toBe(false);
    const fans = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const fan = await seedUser(database.db);
        await seedTokens(database.db, fan.id, 500);
        return fan;
      }),
    );
    const results = await Promise.allSettled(
      fans.map((fan) => contribute(database.db, fan.id, wish.id, { amount: 2, isAnonymous: false })),
    );
    const paid = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ fan: fans[i], result: r.value }] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(paid).toHaveLength(75);
    expect(paid.filter((p) => p.result.isGranted)).toHaveLength(1);
    for (const err of refused) {
      expect(err).toBeInstanceOf(AppError);
      expect(err.message).toBe(GROUP_GIFT_MESSAGES.funded);
    }
    // Refused fans paid nothing; each contributor paid exactly 2 tokens.
    for (const [i, r] of results.entries()) {
      const fan = fans[i];
      if (!fan) continue;
      expect((await balances(fan.id)).boughtCents).toBe(r.status === 'fulfilled' ? 300 : 500);
    }

    const progress = await progressOf(wish.id);
    expect(progress).toMatchObject({ fundedCents: 15_000, costCents: 15_000, isFunded: true, contributorCount: 75 });
    const purchases = await queryRows<{ buyer_id: string; cost_cents: string; id: string }>(
      database.db,
      sql`select id, buyer_id, cost_cents from purchases where product_id = ${wish.id}`,
    );
    expect(purchases).toHaveLength(75);
    expect(new Set(purchases.map((p) => p.buyer_id))).toEqual(new Set(paid.map((p) => p.fan?.id)));
    const notifications = await queryRows<{ kind: string }>(
      database.db,
      sql`select kind from notifications where user_id = ${creator.id}`,
    );
    expect(notifications).toEqual([{ kind: 'group_gift' }]);
    // The creator earned the whole price under the usual split: 80% pending.
    expect(await balances(creator.id)).toMatchObject({ pendingCents: 12_000, boughtCents: 0 });
    // Each contributor gets a conversation with the creator, as for a purchase.
    const conversations = await Promise.all(
      purchases.map((p) =>
        createConversation(database.db, p.buyer_id, { type: 'purchase', purchaseId: p.id }).then(
          (c) => c.conversationId,
        ),
      ),
    );
    expect(new Set(conversations).size).toBe(75);
    await booksBalance();
  }, 120_000);

  it('archiving an unfunded group gift returns every contribution as the kind it was paid with', async () => {
    const creator = await newUser();
    const wish = await groupGift(creator.id, 100);
    const buyer = await seedUser(database.db);
    await seedTokens(database.db, buyer.id, 3000);
    const earner = await seedUser(database.db);
    await seedEarnings(database.db, earner.id, 4000);
    await contribute(database.db, buyer.id, wish.id, { amount: 30, isAnonymous: false });
    await contribute(database.db, earner.id, wish.id, { amount: 40, isAnonymous: true });
    expect(await balances(buyer.id)).toMatchObject({ boughtCents: 0, availableCents: 0 });
    expect(await balances(earner.id)).toMatchObject({ boughtCents: 0, availableCents: 0 });
    expect((await progressOf(wish.id)).fundedCents).toBe(7000);

    const archived = await request(creator, 'PATCH', `/wishes/${wish.id}`, { archived: true });
    expect(archived.status).toBe(200);
    expect(await balances(buyer.id)).toMatchObject({ boughtCents: 3000, availableCents: 0, pendingCents: 0 });
    expect(await balances(earner.id)).toMatchObject({ boughtCents: 0, availableCents: 4000, pendingCents: 0 });
    expect(await progressOf(wish.id)).toMatchObject({ fundedCents: 0, contributorCount: 0 });
    // Restored, it starts again from nothing; an archived one takes nothing.
    await expect(contribute(database.db, buyer.id, wish.id, { amount: 1, isAnonymous: false })).rejects.toThrow(
      GROUP_GIFT_MESSAGES.archived,
    );
    await booksBalance();
  });

  it("deleting the creator's account returns every contribution", async () => {
    const creator = await newUser();
    const wish = await groupGift(creator.id, 100);
    const buyer = await seedUser(database.db);
    await seedTokens(database.db, buyer.id, 2000);
    const earner = await seedUser(database.db);
    await seedEarnings(database.db, earner.id, 1500);
    await contribute(database.db, buyer.id, wish.id, { amount: 20, isAnonymous: false });
    await contribute(database.db, earner.id, wish.id, { amount: 15, isAnonymous: false });
    expect((await request(creator, 'POST', '/account/delete', { isConfirmed: true })).status).toBe(204);
    expect(await balances(buyer.id)).toMatchObject({ boughtCents: 2000, availableCents: 0 });
    expect(await balances(earner.id)).toMatchObject({ boughtCents: 0, availableCents: 1500 });
    await booksBalance();
  });

  it("deleting a contributor's account returns their contribution to their wallet first", async () => {
    const creator = await seedUser(database.db);
    const wish = await groupGift(creator.id, 100);
    const fan = await newUser({ tokens: 20 });
    expect((await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 20 })).status).toBe(201);
    // The 20 bought tokens came back to the wallet: deleting gives them up only when named (decision 017).
    expect((await request(fan, 'POST', '/account/delete', { isConfirmed: true })).status).toBe(409);
    expect((await progressOf(wish.id)).fundedCents).toBe(2000);
    const deleted = await request(fan, 'POST', '/account/delete', { isConfirmed: true, forfeitCents: 2000 });
    expect(deleted.status).toBe(204);
    expect(await progressOf(wish.id)).toMatchObject({ fundedCents: 0, contributorCount: 0 });
    await booksBalance();
  });

  it('a fan takes a contribution back, unless the creator turned it off or it is funded', async () => {
    const creator = await newUser();
    const fan = await newUser({ tokens: 200 });
    const wish = await groupGift(creator.id, 50);
    const res = await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 10 });
    expect(res.status).toBe(201);
    const { contributionId } = (await res.json()) as { contributionId: string };
    expect((await progressOf(wish.id, fan)).own).toEqual([
      expect.objectContaining({ id: contributionId, amountCents: 1000, status: 'held', canTakeBack: true }),
    ]);
    // Nobody else takes it back.
    const other = await newUser({ tokens: 10 });
    expect((await request(other, 'POST', `/contributions/${contributionId}/take-back`)).status).toBe(404);

    expect((await request(fan, 'POST', `/contributions/${contributionId}/take-back`)).status).toBe(200);
    expect((await balances(fan.id)).boughtCents).toBe(20_000);
    // The tokens are back in the top-up's own lot (a refund of it finds them), not in a lot of their own.
    const lots = await queryRows<{ remaining_cents: string }>(
      database.db,
      sql`select remaining_cents from token_lots where user_id = ${fan.id} and kind = 'bought' order by id`,
    );
    expect(lots.map((l) => Number(l.remaining_cents))).toEqual([20_000, 0]);
    expect((await progressOf(wish.id)).fundedCents).toBe(0);

    // Turned off by the creator: refused, nothing changes.
    const second = (await (await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 5 })).json()) as {
      contributionId: string;
    };
    expect((await request(creator, 'PATCH', `/wishes/${wish.id}`, { allowTakeBack: false })).status).toBe(200);
    const off = await request(fan, 'POST', `/contributions/${second.contributionId}/take-back`);
    expect(off.status).toBe(403);
    expect(((await off.json()) as { error: { message: string } }).error.message).toBe(GROUP_GIFT_MESSAGES.takeBackOff);
    expect((await balances(fan.id)).boughtCents).toBe(19_500);

    // Funded: refused.
    expect((await request(creator, 'PATCH', `/wishes/${wish.id}`, { allowTakeBack: true })).status).toBe(200);
    const done = await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 45 });
    expect(((await done.json()) as { isGranted: boolean }).isGranted).toBe(true);
    const funded = await request(fan, 'POST', `/contributions/${second.contributionId}/take-back`);
    expect(funded.status).toBe(409);
    expect((await balances(fan.id)).boughtCents).toBe(15_000);
    await booksBalance();
  });

  it('refuses bad contributions with a clear message and charges nothing', async () => {
    const creator = await newUser();
    const fan = await newUser({ tokens: 100 });
    const wish = await groupGift(creator.id, 30);
    const plain = await createWish(database.db, creator.id, {
      name: 'Plain',
      cost: 30,
      description: '',
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
      isGroupGift: false,
    });
    // A field's problem is named on its field; others in the message.
    const messageOf = async (res: Response) => {
      const { error } = (await res.json()) as { error: { message: string; fields?: { amount?: string } } };
      return error.fields?.amount ?? error.message;
    };
    const contributeAs = (user: User, id: string, body: unknown) =>
      request(user, 'POST', `/wishes/${id}/contributions`, body);

    const zero = await contributeAs(fan, wish.id, { amount: 0 });
    expect(zero.status).toBe(400);
    expect(await messageOf(zero)).toBe(GROUP_GIFT_MESSAGES.tooSmall);
    const fraction = await contributeAs(fan, wish.id, { amount: 1.5 });
    expect(fraction.status).toBe(400);
    expect(await messageOf(fraction)).toBe(GROUP_GIFT_MESSAGES.amount);
    expect((await contributeAs(fan, wish.id, { amount: '5' })).status).toBe(400);
    const tooMuch = await contributeAs(fan, wish.id, { amount: 31 });
    expect(tooMuch.status).toBe(400);
    expect(await messageOf(tooMuch)).toBe(GROUP_GIFT_MESSAGES.tooLarge(30));
    const notGroup = await contributeAs(fan, plain.id, { amount: 5 });
    expect(notGroup.status).toBe(400);
    expect(await messageOf(notGroup)).toBe(GROUP_GIFT_MESSAGES.notGroupGift);
    const own = await contributeAs(creator, wish.id, { amount: 5 });
    expect(own.status).toBe(403);
    expect(await messageOf(own)).toBe(GROUP_GIFT_MESSAGES.ownWish);
    const poor = await newUser({ tokens: 3 });
    const short = await contributeAs(poor, wish.id, { amount: 5 });
    expect(short.status).toBe(422);
    expect((await balances(poor.id)).boughtCents).toBe(300);

    const blocked = await newUser({ tokens: 50 });
    await blockUser(database.db, creator.id, blocked.id, { refusesGifts: true });
    expect((await contributeAs(blocked, wish.id, { amount: 5 })).status).toBe(403);
    expect((await contributeAs({ ...fan, cookie: '' }, wish.id, { amount: 5 })).status).toBe(401);

    expect((await balances(fan.id)).boughtCents).toBe(10_000);
    expect((await balances(blocked.id)).boughtCents).toBe(5000);
    expect((await progressOf(wish.id)).fundedCents).toBe(0);
    // After a contribution, what remains shrinks.
    expect((await contributeAs(fan, wish.id, { amount: 25 })).status).toBe(201);
    expect(await messageOf(await contributeAs(fan, wish.id, { amount: 6 }))).toBe(GROUP_GIFT_MESSAGES.tooLarge(5));
    // The price is fixed once fans contributed; the type cannot become repeatable.
    expect((await request(creator, 'PATCH', `/wishes/${wish.id}`, { cost: 100 })).status).toBe(409);
    expect((await request(creator, 'PATCH', `/wishes/${wish.id}`, { allowRepeatPurchases: true })).status).toBe(400);
    await booksBalance();
  });

  it('a block that commits before the payment refuses the contribution (no check outside its transaction)', async () => {
    const creator = await newUser();
    const fan = await newUser({ tokens: 50 });
    const wish = await groupGift(creator.id, 80);
    // The creator's block commits after the service's reads, just before its payment transaction begins.
    const blockFirst = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          await blockUser(target, creator.id, fan.id, { refusesGifts: true });
          return target.transaction(...args);
        };
      },
    });
    await expect(contribute(blockFirst, fan.id, wish.id, { amount: 5, isAnonymous: false })).rejects.toThrow(
      SAFETY_MESSAGES.giftsRefused,
    );
    expect((await balances(fan.id)).boughtCents).toBe(5000);
    expect((await progressOf(wish.id)).fundedCents).toBe(0);
    await booksBalance();
  });

  it('an Idempotency-Key makes a repeated contribution pay once', async () => {
    const creator = await newUser();
    const fan = await newUser({ tokens: 100 });
    const wish = await groupGift(creator.id, 80);
    const headers = { 'Idempotency-Key': `gg-${Date.now()}` };
    const first = await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 7 }, headers);
    const again = await request(fan, 'POST', `/wishes/${wish.id}/contributions`, { amount: 7 }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect((await balances(fan.id)).boughtCents).toBe(9300);
  });

  it('shows names or Anonymous, and a granted group gift in purchases, received, statement', async () => {
    const creator = await newUser();
    const named = await newUser({ tokens: 100 });
    const hidden = await newUser({ tokens: 100 });
    const wish = await groupGift(creator.id, 40);
    expect((await request(named, 'POST', `/wishes/${wish.id}/contributions`, { amount: 15 })).status).toBe(201);
    const progress = await progressOf(wish.id);
    expect(progress.contributors).toEqual([expect.objectContaining({ handle: named.handle, amountCents: 1500 })]);
    const last = await request(hidden, 'POST', `/wishes/${wish.id}/contributions`, { amount: 25, isAnonymous: true });
    expect(await last.json()).toMatchObject({ isGranted: true });

    const after = await progressOf(wish.id, creator);
    expect(after.contributors.map((c) => c.displayName)).toEqual([expect.stringContaining('Group Fan'), null]);
    expect(after.earnings).toEqual({ grossCents: 4000, feesCents: 800, netCents: 3200 });
    expect((await progressOf(wish.id, named)).earnings).toBeNull();

    const purchases = (await (await request(named, 'GET', '/purchases')).json()) as { items: unknown[] };
    expect(purchases.items).toEqual([
      expect.objectContaining({ type: 'standard', costCents: 1500, product: expect.objectContaining({ id: wish.id }) }),
    ]);
    const received = (await (await request(creator, 'GET', '/received')).json()) as {
      items: { costCents: number; netCents: number; buyer: unknown }[];
    };
    expect(received.items.map((r) => [r.costCents, r.netCents, r.buyer === null]).sort()).toEqual(
      [
        [1500, 1200, false],
        [2500, 2000, true],
      ].sort(),
    );
    const statement = await getStatementPage(database.db, named.id, { limit: 10 });
    expect(statement.lines[0]).toMatchObject({ kind: 'group_gift_contribution', amountCents: -1500 });
    const creatorStatement = await getStatementPage(database.db, creator.id, { limit: 10 });
    expect(creatorStatement.lines.map((l) => l.kind)).toEqual(['gift_received', 'gift_received']);
    // The creator is told once, by the sign-in method they use, that the group gift is funded.
    const [notice] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from notifications where user_id = ${creator.id} and kind = 'group_gift'`,
    );
    const texts: string[] = [];
    const send = async (_to: string, text: string) => {
      texts.push(text);
    };
    const job = notificationJob({
      db: database.db,
      messaging: {
        sms: { kind: 'outbox', send },
        email: { kind: 'outbox', send: (m: { to: string; text: string }) => send(m.to, m.text) },
      } as unknown as Parameters<typeof notificationJob>[0]['messaging'],
      logger: captureLogger().logger,
      publicOrigin: 'http://localhost:5172',
    });
    await job.handle({ notificationId: Number(notice?.id) }, { attempt: 1, isLastAttempt: false } as never);
    expect(texts).toEqual([expect.stringContaining('Your group gift Espresso machine is fully funded!')]);
    // The wish is sold: a Buy is refused too.
    expect(await getProgress(database.db, wish.id, undefined)).toMatchObject({ isFunded: true });
    await booksBalance();
  });

  it('a wish update hook ignores wishes that are not group gifts', async () => {
    const creator = await seedUser(database.db);
    const plain = await createWish(database.db, creator.id, {
      name: 'Plain',
      cost: 30,
      description: '',
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
      isGroupGift: false,
    });
    const changed = await updateWish(database.db, creator.id, plain.id, { archived: true }, (tx, current) =>
      onWishUpdate(tx, current, { archived: true }),
    );
    expect(changed.archived).toBe(true);
    await expect(takeBack(database.db, creator.id, 'nope')).rejects.toThrow(GROUP_GIFT_MESSAGES.notYours);
  });
});
