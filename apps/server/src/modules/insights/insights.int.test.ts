import { randomUUID } from 'node:crypto';
import type { HomeSummary } from '@sweetwish/shared/home';
import { INSIGHT_MESSAGES, type Insights } from '@sweetwish/shared/insights';
import { splitGift } from '@sweetwish/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { insertPastPurchase } from '../../../test/past-purchases';
import { peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';
import { addViews } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds())('insights on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  const insights = (person: Parameters<typeof people.get>[0], query: string) =>
    people.json<Insights>(people.get(person, `/insights?${query}`));

  it('shows a creator their own earnings by kind and day, supporters, visits and conversion', async () => {
    const inviter = await people.newPerson();
    const creator = await people.newPerson({ affiliate: inviter.handle });
    const fan = await people.newPerson({ tokens: 1000 });
    const shy = await people.newPerson({ tokens: 1000 });
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Lamp', cost: 40, description: '' }),
      201,
    );
    const unbought = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Desk', cost: 90, description: '' }),
      201,
    );
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 10 }), 201);
    await people.json(people.post(shy, '/tips', { recipientId: creator.id, amount: 50, isAnonymous: true }), 201);
    await people.json(people.post(fan, '/purchases', { sellerId: creator.id, productId: wish.id }), 201);
    // Three days ago: a tip from the fan, in the earlier part of the week.
    await insertPastPurchase(
      database.db,
      {
        id: randomUUID(),
        type: 'tip',
        buyerId: fan.id,
        sellerId: creator.id,
        productId: null,
        split: splitGift(2000, true),
        affiliateId: inviter.id,
        isAnonymous: false,
      },
      new Date(Date.now() - 3 * DAY_MS),
    );
    const today = new Date().toISOString().slice(0, 10);
    await addViews(database.db, [
      { creatorId: creator.id, day: today, page: 'profile', wishId: '', views: 12 },
      { creatorId: creator.id, day: today, page: 'wish', wishId: wish.id, views: 4 },
      { creatorId: creator.id, day: today, page: 'wish', wishId: unbought.id, views: 9 },
      { creatorId: creator.id, day: today, page: 'share', wishId: '', views: 2 },
    ]);

    const week = await insights(creator, 'range=7d&tz=UTC');
    expect(week.by).toBe('day');
    expect(week.earnings.buckets).toHaveLength(7);
    const todays = week.earnings.buckets.at(-1);
    expect(todays?.start).toBe(today);
    expect(todays?.kinds.tip).toEqual({ grossCents: 6000, netCents: 4800, count: 2 });
    expect(todays?.kinds.wish).toEqual({ grossCents: 4000, netCents: 3200, count: 1 });
    expect(week.earnings.buckets.at(-4)?.kinds.tip).toEqual({ grossCents: 2000, netCents: 1600, count: 1 });
    expect(week.earnings.totals).toEqual({ grossCents: 12000, feesCents: 2400, netCents: 9600, count: 4 });
    expect(week.earnings.previous).toEqual({ grossCents: 0, feesCents: 0, netCents: 0, count: 0 });
    expect(week.earnings.changePercent).toBeNull();
    expect(week.pending.reduce((sum, p) => sum + p.cents, 0)).toBe(4800 + 3200);

    // The shy fan is counted but never named.
    expect(week.supporters.top).toEqual([
      { person: expect.objectContaining({ id: fan.id, handle: fan.handle }), cents: 7000, gifts: 3 },
    ]);
    expect(week.supporters).toMatchObject({ count: 2, newCount: 2, returningCount: 0, averageGiftCents: 3000 });
    expect(week.visits.totals).toEqual({ profile: 12, wish: 13, share: 2 });
    expect(week.wishes).toEqual([
      { wish: expect.objectContaining({ id: unbought.id }), views: 9, purchases: 0, conversionPercent: 0 },
      { wish: expect.objectContaining({ id: wish.id }), views: 4, purchases: 1, conversionPercent: 25 },
    ]);
    expect(week.unbought).toEqual([{ wish: expect.objectContaining({ id: unbought.id, name: 'Desk' }), views: 9 }]);

    // The inviter sees the affiliate shares (2% of each gift), with no fee taken.
    const inviterWeek = await insights(inviter, 'range=7d&tz=UTC');
    expect(inviterWeek.earnings.totals).toEqual({ grossCents: 240, feesCents: 0, netCents: 240, count: 4 });

    // Weeks and months in the creator's zone add up to the same totals.
    const year = await insights(creator, 'range=12m&tz=America/New_York');
    expect(year.earnings.buckets).toHaveLength(12);
    expect(year.earnings.totals.grossCents).toBe(12000);
    const all = await insights(creator, 'range=all&by=week&tz=Asia/Tokyo');
    expect(all.earnings.totals.grossCents).toBe(12000);
    expect(all.earnings.previous).toBeNull();
    // Month rows and all-time rows name the same supporters, and the views of all time are every wish's.
    for (const range of [year, all]) {
      expect(range.supporters.top).toEqual(week.supporters.top);
      expect(range.supporters).toMatchObject({ count: 2, newCount: 2, returningCount: 0 });
      expect(range.wishes).toEqual(week.wishes);
    }
  });

  it('answers only the signed-in user, about themselves, and refuses bad ranges and zones', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 10 }), 201);
    const fans = await insights(fan, 'range=30d');
    expect(fans.earnings.totals.grossCents).toBe(0);
    expect(fans.supporters.count).toBe(0);

    expect((await people.get(undefined, '/insights')).status).toBe(401);
    const badZone = await people.get(creator, '/insights?tz=Mars/Olympus');
    expect(badZone.status).toBe(400);
    expect(((await badZone.json()) as { error: { message: string } }).error.message).toBe(
      INSIGHT_MESSAGES.unknownTimeZone,
    );
    expect((await people.get(creator, '/insights?range=2y')).status).toBe(400);
    expect((await people.get(creator, '/insights?by=hour')).status).toBe(400);
  });

  it('gives the home screen its data in one answer: a creator’s week and supporters, a fan’s gifts and balance', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    await people.json(people.post(creator, '/wishes', { name: 'Kite', cost: 25, description: '' }), 201);
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 10 }), 201);

    const home = await people.json<HomeSummary>(people.get(creator, '/home?tz=UTC'));
    expect(home.isCreator).toBe(true);
    expect(home.checklist).toEqual({
      hasPhoto: false,
      hasBanner: false,
      hasWish: true,
      hasPayouts: false,
      isLinkShared: false,
    });
    expect(home.week.days).toHaveLength(7);
    expect(home.week.days.at(-1)?.cents).toBe(800);
    expect(home.week).toMatchObject({ thisWeekCents: 800, lastWeekCents: 0 });
    expect(home.latestReceived.map((r) => r.costCents)).toEqual([1000]);

    const fanHome = await people.json<HomeSummary>(people.get(fan, '/home'));
    expect(fanHome.isCreator).toBe(false);
    expect(fanHome.balanceCents).toBe(9000);
    expect(fanHome.recentPurchases.map((p) => p.costCents)).toEqual([1000]);
    expect(fanHome.supportedCreators.map((c) => c.id)).toEqual([creator.id]);
    expect((await people.get(undefined, '/home')).status).toBe(401);
  });
});
