import { randomUUID } from 'node:crypto';
import { splitGift } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { insertPastPurchase } from '../../../test/past-purchases';
import { seedTokens, seedUser } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { createGiftBatcher, type GiftPoster } from '../gifts/gift-batcher';
import { giftPosting } from '../gifts/service';
import { readRollUps, recountFromPurchases } from './recount';

const HOUR_MS = 60 * 60 * 1000;
const WISH_KINDS = ['tip', 'wish', 'group', 'subscription'] as const;

type Gift = {
  buyer: number;
  seller: number;
  kind: (typeof WISH_KINDS)[number];
  cents: number;
  isAnonymous: boolean;
  /** 0: posted now through post_gifts(); otherwise a row written that many hours ago. */
  hoursAgo: number;
};

const gift: fc.Arbitrary<Gift> = fc.record({
  buyer: fc.integer({ min: 0, max: 2 }),
  seller: fc.integer({ min: 0, max: 1 }),
  kind: fc.constantFrom(...WISH_KINDS),
  cents: fc.integer({ min: 1, max: 500 }).map((tokens) => tokens * 100),
  isAnonymous: fc.boolean(),
  hoursAgo: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 24 * 70 })),
});

/**
 * Random gifts of every kind (tips, wishes, group-gift shares, subscription months), anonymous or not, to a
 * creator with an affiliate (who is a creator too) and one without, now and at past hours across days and
 * months: the roll-ups the trigger keeps always equal a recount of every purchase (issue 52).
 */
describe.each(databaseKinds())('insight roll-ups on %s', (kind) => {
  let database: DatabaseHandle;
  let post: GiftPoster;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    post = createGiftBatcher(database.db);
  });
  afterAll(() => database.close());

  async function run(gifts: Gift[]) {
    const db = database.db;
    const creatorA = await seedUser(db);
    const creatorB = await seedUser(db, { affiliateId: creatorA.id });
    const creators = [creatorA, creatorB];
    const buyers = await Promise.all([0, 1, 2].map(() => seedUser(db)));
    for (const buyer of buyers) await seedTokens(db, buyer.id, 10_000_000);
    const wishOf = new Map<string, string>();
    for (const creator of creators) {
      for (const wishKind of ['wish', 'group', 'subscription']) {
        const id = randomUUID();
        await db.execute(sql`insert into wishes (id, seller_id, type, name, cost, is_group_gift)
          values (${id}, ${creator.id}, ${wishKind === 'subscription' ? 'subscription' : 'standard'}, 'Wish', 20,
                  ${wishKind === 'group'})`);
        wishOf.set(`${creator.id}:${wishKind}`, id);
      }
    }
    const now = Date.now();
    for (const g of gifts) {
      const seller = creators[g.seller] ?? creatorA;
      const affiliateId = seller === creatorB ? creatorA.id : undefined;
      const productId = g.kind === 'tip' ? null : (wishOf.get(`${seller.id}:${g.kind}`) ?? null);
      const purchase = {
        id: randomUUID(),
        type: g.kind === 'tip' ? ('tip' as const) : ('standard' as const),
        buyerId: buyers[g.buyer]?.id ?? '',
        sellerId: seller.id,
        product: productId ? { id: productId, name: 'Wish', image: null } : undefined,
        split: splitGift(g.cents, affiliateId !== undefined),
        affiliateId,
        isAnonymous: g.isAnonymous,
      };
      if (g.hoursAgo === 0) expect(await post(giftPosting(purchase))).toBe('ok');
      else await insertPastPurchase(db, { ...purchase, productId }, new Date(now - g.hoursAgo * HOUR_MS));
    }
    const rollUps = await readRollUps(db);
    expect(rollUps.earnings.length).toBeGreaterThan(0);
    expect(rollUps).toEqual(await recountFromPurchases(db));
  }

  it('roll-ups equal a recount of the purchases', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(gift, { minLength: 1, maxLength: 12 }), (gifts) => run(gifts)),
      { numRuns: 25 },
    );
  });
});
