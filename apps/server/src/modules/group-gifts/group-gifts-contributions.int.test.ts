import { GROUP_GIFT_MESSAGES } from '@sweetwish/shared/group-gifts';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import { queryRows } from '../../db/client';
import { notificationJob } from '../../use-cases/notification-job';
import { blockUser } from '../safety/blocks';
import { getStatementPage } from '../wallet/statement';
import { createWish, updateWish } from '../wishes/service';
import { type User, useGroupGiftsSuite } from './group-gifts-fixtures';
import { contribute, getProgress, onWishUpdate, takeBack } from './service';

describe.each(databaseKinds())('group gifts: checks on contributions and where they show on %s', (kind) => {
  const suite = useGroupGiftsSuite(kind);
  const { newUser, request, progressOf, balances, groupGift, booksBalance } = suite;

  it('refuses bad contributions with a clear message and charges nothing', async () => {
    const creator = await newUser();
    const fan = await newUser({ tokens: 100 });
    const wish = await groupGift(creator.id, 30);
    const plain = await createWish(suite.database.db, creator.id, {
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
    await blockUser(suite.database.db, creator.id, blocked.id, { refusesGifts: true });
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
    const blockFirst = new Proxy(suite.database.db, {
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
    const statement = await getStatementPage(suite.database.db, named.id, { limit: 10 });
    expect(statement.lines[0]).toMatchObject({ kind: 'group_gift_contribution', amountCents: -1500 });
    const creatorStatement = await getStatementPage(suite.database.db, creator.id, { limit: 10 });
    expect(creatorStatement.lines.map((l) => l.kind)).toEqual(['gift_received', 'gift_received']);
    // The creator is told once, by the sign-in method they use, that the group gift is funded.
    const [notice] = await queryRows<{ id: string }>(
      suite.database.db,
      sql`select id from notifications where user_id = ${creator.id} and kind = 'group_gift'`,
    );
    const texts: string[] = [];
    const send = async (_to: string, text: string) => {
      texts.push(text);
    };
    const job = notificationJob({
      db: suite.database.db,
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
    expect(await getProgress(suite.database.db, wish.id, undefined)).toMatchObject({ isFunded: true });
    await booksBalance();
  });

  it('a wish update hook ignores wishes that are not group gifts', async () => {
    const creator = await seedUser(suite.database.db);
    const plain = await createWish(suite.database.db, creator.id, {
      name: 'Plain',
      cost: 30,
      description: '',
      type: 'standard',
      allowRepeatPurchases: true,
      pinned: false,
      isGroupGift: false,
    });
    const changed = await updateWish(suite.database.db, creator.id, plain.id, { archived: true }, (tx, current) =>
      onWishUpdate(tx, current, { archived: true }),
    );
    expect(changed.archived).toBe(true);
    await expect(takeBack(suite.database.db, creator.id, 'nope')).rejects.toThrow(GROUP_GIFT_MESSAGES.notYours);
  });
});
