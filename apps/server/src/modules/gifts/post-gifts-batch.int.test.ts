import { randomUUID } from 'node:crypto';
import { splitGift, tokensToCents } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedTokens, seedUser } from '../../../test/seed';
import { type Database, type DatabaseHandle, queryRows } from '../../db/client';
import { PLATFORM_ACCOUNTS, pendingAccountId, postTransfer } from '../ledger/service';
import { booksOf, postOneByOne, type Scene, SELLERS, sceneArb } from './post-gifts-batch-fixtures';
import { type GiftResult, type NewPurchase, postGifts } from './repo';
import { giftPosting } from './service';

/**
 * post_gifts() posts a batch in one pass: checks item by item, then one statement per table (decision 039).
 * Whatever the batch, it must leave the books exactly as posting its gifts one by one through ledger_post()
 * would: the same results, balances, entries, lots and which lot paid for which gift, purchase numbers,
 * wishes sold, and notices.
 */
describe.each(databaseKinds())('post_gifts() batches on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  async function newWish(sellerId: string, cost: number, allowRepeatPurchases: boolean) {
    const id = randomUUID();
    await database.db.execute(sql`
      insert into wishes (id, seller_id, name, cost, allow_repeat_purchases)
      values (${id}, ${sellerId}, 'Record player', ${cost}, ${allowRepeatPurchases})`);
    return { id, cost, allowRepeatPurchases };
  }

  async function credit(accountId: string, cents: number) {
    await postTransfer(database.db, {
      kind: 'tip',
      idempotencyKey: `seed:${randomUUID()}`,
      entries: [
        { accountId: PLATFORM_ACCOUNTS.card, amountCents: -cents },
        { accountId, amountCents: cents },
      ],
    });
  }

  /** Sets the scene in the database and answers the batch's postings. */
  async function setScene(scene: Scene) {
    const db = database.db;
    const buyers = await Promise.all(scene.buyers.map(() => seedUser(db)));
    const affiliate = await seedUser(db);
    const sellers = await Promise.all(Array.from({ length: SELLERS }, () => seedUser(db)));
    for (const [i, buyer] of scene.buyers.entries()) {
      const id = buyers[i]?.id ?? '';
      for (const tokens of buyer.bought) await seedTokens(db, id, tokensToCents(tokens));
      if (buyer.earned > 0) await seedEarnings(db, id, tokensToCents(buyer.earned));
      for (const tokens of buyer.pending) await credit(pendingAccountId(id), tokensToCents(tokens));
    }
    const wishes = await Promise.all(
      sellers.map(async (seller) => ({
        single: await newWish(seller.id, 25, false),
        repeatable: await newWish(seller.id, 20, true),
      })),
    );
    const idOf = (list: { id: string }[], i: number) => list[i]?.id ?? '';
    for (const i of scene.toldBefore) {
      const fan = await seedUser(db);
      await seedTokens(db, fan.id, 100);
      const tip = newPurchase(fan.id, idOf(sellers, i), 1, undefined);
      expect(await postGifts(db, [giftPosting(tip)])).toEqual(['ok']);
    }
    for (const { seller, buyer } of scene.refusing) {
      await db.execute(sql`
        insert into blocks (blocker_id, blocked_id, refuses_gifts)
        values (${idOf(sellers, seller)}, ${idOf(buyers, buyer)}, true) on conflict do nothing`);
    }
    const { trouble } = scene;
    if (trouble.kind === 'held') {
      await db.execute(
        sql`update ledger_accounts set spend_holds = 1 where id = ${`wallet:${idOf(buyers, trouble.buyer)}`}`,
      );
    }
    if (trouble.kind === 'closed') {
      const id = pendingAccountId(idOf(sellers, trouble.seller));
      await credit(id, 1);
      await db.execute(sql`update ledger_accounts set closed_at = now() where id = ${id}`);
    }

    // The last seller has an affiliate, whose share is a third account credited.
    const affiliateOf = (seller: number) => (seller === SELLERS - 1 ? affiliate.id : undefined);
    const postings = scene.items.map((item) => {
      const sellerId = idOf(sellers, item.seller);
      const buyerId = idOf(buyers, item.buyer);
      if (item.what === 'tip')
        return giftPosting(newPurchase(buyerId, sellerId, item.tokens, affiliateOf(item.seller)));
      const wish = wishes[item.seller]?.[item.what === 'single' ? 'single' : 'repeatable'];
      if (!wish) throw new Error('no wish');
      const purchase: NewPurchase = {
        ...newPurchase(buyerId, sellerId, wish.cost, affiliateOf(item.seller)),
        type: 'standard',
        product: { id: wish.id, name: 'Record player', image: null },
      };
      const claim = wish.allowRepeatPurchases ? undefined : { wishId: wish.id, sellerId, cost: wish.cost };
      return giftPosting(purchase, claim);
    });
    const userIds = [...buyers, ...sellers, affiliate].map((u) => u.id);
    const wishIds = wishes.flatMap((w) => [w.single.id, w.repeatable.id]);
    return { postings, userIds, wishIds };
  }

  function newPurchase(
    buyerId: string,
    sellerId: string,
    tokens: number,
    affiliateId: string | undefined,
  ): NewPurchase {
    return {
      id: randomUUID(),
      type: 'tip',
      buyerId,
      sellerId,
      split: splitGift(tokensToCents(tokens), affiliateId !== undefined),
      affiliateId,
      isAnonymous: false,
    };
  }

  /** What posting does to the books, undone afterwards so the other way starts from the same books. */
  async function outcomeOf(post: (db: Database) => Promise<GiftResult[]>, scene: Awaited<ReturnType<typeof setScene>>) {
    let outcome: unknown;
    const undo = new Error('undo');
    await database.db
      .transaction(async (tx) => {
        const results = await post(tx);
        const purchaseIds = scene.postings.map((p) => p.purchase.id);
        outcome = { results, ...(await booksOf(tx, scene.userIds, purchaseIds, scene.wishIds)) };
        throw undo;
      })
      .catch((err) => {
        if (err !== undo) throw err;
      });
    return outcome;
  }

  it('leaves the books as posting its gifts one by one through ledger_post() would', async () => {
    let batches = 0;
    await fc.assert(
      fc.asyncProperty(sceneArb, async (scene) => {
        const set = await setScene(scene);
        const oneByOne = await outcomeOf((db) => postOneByOne(db, set.postings), set);
        const batch = await outcomeOf((db) => postGifts(db, set.postings), set);
        expect(batch).toEqual(oneByOne);
        batches++;
      }),
      { numRuns: kind === 'postgres' ? 40 : 25 },
    );
    expect(batches).toBeGreaterThan(0);
  });

  it('does not let a buyer spend what another gift of the same batch pays them: as if that gift came after', async () => {
    const fan = await seedUser(database.db);
    const creator = await seedUser(database.db);
    const other = await seedUser(database.db);
    await seedTokens(database.db, fan.id, tokensToCents(10));
    const toCreator = giftPosting(newPurchase(fan.id, creator.id, 10, undefined));
    const fromCreator = giftPosting(newPurchase(creator.id, other.id, 5, undefined));
    expect(await postGifts(database.db, [toCreator, fromCreator])).toEqual(['ok', 'insufficient_balance']);
    // Alone, after it, the creator can spend those earnings.
    expect(await postGifts(database.db, [{ ...fromCreator }])).toEqual(['ok']);
  });

  it('takes bought tokens from the oldest top-up first and pending ones from the newest gift first, across a batch', async () => {
    const fan = await seedUser(database.db);
    const creator = await seedUser(database.db);
    for (const tokens of [10, 20, 30]) await seedTokens(database.db, fan.id, tokensToCents(tokens));
    for (const tokens of [5, 6, 7]) await credit(pendingAccountId(fan.id), tokensToCents(tokens));
    const lots = await queryRows<{ id: number; kind: string }>(
      database.db,
      sql`select id::int, kind from token_lots where user_id = ${fan.id} order by id`,
    );
    const [b1, b2, b3] = lots.filter((l) => l.kind === 'bought').map((l) => l.id);
    const tips = [25, 20, 24].map((tokens) => giftPosting(newPurchase(fan.id, creator.id, tokens, undefined)));
    expect(await postGifts(database.db, tips)).toEqual(['ok', 'ok', 'ok']);

    const spends = await queryRows<{ lot: number; purchase: string; cents: number }>(
      database.db,
      sql`select s.lot_id::int as lot, p.id as purchase, s.amount_cents::int as cents
          from lot_spends s join purchases p on p.transfer_id = s.transfer_id
          where p.buyer_id = ${fan.id} order by s.id`,
    );
    const [first, second, third] = tips.map((t) => t.purchase.id);
    expect(spends).toEqual([
      { lot: b1, purchase: first, cents: 1000 },
      { lot: b2, purchase: first, cents: 1500 },
      { lot: b2, purchase: second, cents: 500 },
      { lot: b3, purchase: second, cents: 1500 },
      { lot: b3, purchase: third, cents: 1500 },
    ]);
    // The last 9 tokens came from pending ones: all 7 of the newest lot, then 2 of the one before.
    const pending = await queryRows<{ remaining: number }>(
      database.db,
      sql`select remaining_cents::int as remaining from token_lots
          where user_id = ${fan.id} and kind = 'earned' order by id`,
    );
    expect(pending).toEqual([{ remaining: 500 }, { remaining: 400 }, { remaining: 0 }]);
  });

  it('posts a batch larger than any the batcher makes, and refuses a transfer shaped unlike a gift', async () => {
    const creator = await seedUser(database.db);
    const fans = await Promise.all(Array.from({ length: 100 }, () => seedUser(database.db)));
    for (const fan of fans) await seedTokens(database.db, fan.id, 100);
    const tips = fans.map((fan) => giftPosting(newPurchase(fan.id, creator.id, 1, undefined)));
    expect(await postGifts(database.db, tips)).toEqual(tips.map(() => 'ok'));
    const [seq] = await queryRows<{ last: number }>(
      database.db,
      sql`select max(seller_seq)::int as last from purchases where seller_id = ${creator.id}`,
    );
    expect(seq?.last).toBe(100);

    // A transfer that credits a wallet (bought tokens) is not a gift: the whole call fails, nothing moves.
    const [first] = tips;
    if (!first) throw new Error('no tip');
    const credited = first.transfer.entries.map((e, i) => (i === 1 ? { ...e, accountId: `wallet:${creator.id}` } : e));
    const shaped = { ...first, purchase: { ...first.purchase, id: randomUUID() } };
    await expect(
      postGifts(database.db, [
        {
          ...shaped,
          transfer: { ...shaped.transfer, idempotencyKey: `purchase:${shaped.purchase.id}`, entries: credited },
        },
      ]),
    ).rejects.toThrow();
  });
});
