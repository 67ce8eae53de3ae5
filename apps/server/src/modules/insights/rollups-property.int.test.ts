import { randomUUID } from 'node:crypto';
import { splitGift } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { insertPastPurchase } from '../../../test/past-purchases';
import { seedTokens, seedUser } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createGiftBatcher, type GiftPoster } from '../gifts/gift-batcher';
import { giftPosting } from '../gifts/service';
import { sumEarningsBy } from './earnings-repo';
import { addDays, localDay } from './local-days';
import { readRollUps, recountFromPurchases } from './recount';

const HOUR_MS = 60 * 60 * 1000;
const WISH_KINDS = ['tip', 'wish', 'group', 'subscription'] as const;
/** Zones east and west, with summer time, half- and quarter-hour offsets, and both ends of the clock. */
const TIME_ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;
const BUCKETS = ['day', 'week', 'month'] as const;

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

/** The earnings of each local bucket summed from the hour rows alone, one by one (what the days must equal). */
async function sumHoursBy(
  db: DatabaseHandle['db'],
  userId: string,
  from: string,
  to: string,
  timeZone: string,
  unit: string,
) {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select to_char(date_trunc(${unit}, (hour at time zone 'UTC') at time zone ${timeZone}), 'YYYY-MM-DD') as start,
          sum(tip_gross + wish_gross + group_gross + subscription_gross) as gross,
          sum(tip_net + wish_net + group_net + subscription_net + affiliate_net) as net,
          sum(tip_count + wish_count + group_count + subscription_count + affiliate_count) as count
        from insight_earnings
        where user_id = ${userId} and hour >= ((${from}::date)::timestamp at time zone ${timeZone}) at time zone 'UTC'
          and hour < ((${to}::date + 1)::timestamp at time zone ${timeZone}) at time zone 'UTC'
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ start: r.start, gross: Number(r.gross), net: Number(r.net), count: Number(r.count) }));
}

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

  async function run(gifts: Gift[], timeZone: string, unit: (typeof BUCKETS)[number]) {
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

    // Days read whole and hours only at each local bucket's edges sum to what the hours alone give.
    const to = localDay(new Date(), timeZone);
    const range = { from: addDays(to, -75), to, timeZone };
    for (const creator of creators) {
      const buckets = (await sumEarningsBy(db, creator.id, range, unit))
        .map(({ start, kinds }) => {
          const all = Object.values(kinds);
          return {
            start,
            gross: all.reduce((sum, k) => sum + (k === kinds.affiliate ? 0 : k.grossCents), 0),
            net: all.reduce((sum, k) => sum + k.netCents, 0),
            count: all.reduce((sum, k) => sum + k.count, 0),
          };
        })
        // The hour sums have no row for a bucket without gifts; the days' must hold nothing else there.
        .filter((b) => b.count !== 0 || b.gross !== 0 || b.net !== 0);
      expect(buckets).toEqual(await sumHoursBy(db, creator.id, range.from, to, timeZone, unit));
    }
  }

  it('roll-ups equal a recount of the purchases', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(gift, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...TIME_ZONES),
        fc.constantFrom(...BUCKETS),
        (gifts, timeZone, unit) => run(gifts, timeZone, unit),
      ),
      { numRuns: 25 },
    );
  });
});
