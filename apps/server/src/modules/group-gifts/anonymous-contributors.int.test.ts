import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens, seedUser } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { giftsAfter } from '../gifts/service';
import { alertOf } from '../overlay/service';
import { createWish } from '../wishes/service';
import { contribute, getProgress } from './service';

/**
 * What a group gift's public progress says about who contributed (issue 46, item 5; decision 033): the
 * contributions made anonymously must not be attributable to anyone by comparing names, amounts, order or
 * the count of contributors.
 */
describe.each(databaseKinds())('anonymous group gift contributors on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const db = () => database.db;
  async function fan() {
    const user = await seedUser(db());
    await seedTokens(db(), user.id, 100_000);
    return user;
  }
  async function groupGift(cost = 500) {
    const creator = await seedUser(db());
    return createWish(db(), creator.id, {
      name: 'Synthesizer',
      cost,
      description: '',
      type: 'standard',
      allowRepeatPurchases: false,
      pinned: false,
      isGroupGift: true,
    });
  }
  const give = (fanId: string, wishId: string, amount: number, isAnonymous: boolean) =>
    contribute(db(), fanId, wishId, { amount, isAnonymous });
  /** The public part of the progress, as a visitor sees it. */
  async function seen(wishId: string) {
    const { contributorCount, contributors, fundedCents } = await getProgress(db(), wishId, undefined);
    return { contributorCount, contributors, fundedCents };
  }

  it("reads the same whether an anonymous contribution is a named fan's or someone else's", async () => {
    const bobby = await fan();
    const other = await fan();
    const own = await groupGift();
    await give(bobby.id, own.id, 10, false);
    await give(bobby.id, own.id, 17, true);
    const others = await groupGift();
    await give(bobby.id, others.id, 10, false);
    await give(other.id, others.id, 17, true);

    const [a, b] = [await seen(own.id), await seen(others.id)];
    expect(a).toEqual(b);
    expect(a).toEqual({
      contributorCount: 2,
      contributors: [
        { displayName: 'Seeded User', handle: bobby.handle, amountCents: 1000 },
        { displayName: null, handle: null, amountCents: 1700 },
      ],
      fundedCents: 2700,
    });
  });

  it('lists each named fan once with their named total, and every anonymous contribution as one line, last', async () => {
    const [first, second, hidden, alsoHidden] = [await fan(), await fan(), await fan(), await fan()];
    const wish = await groupGift();
    await give(hidden.id, wish.id, 5, true);
    await give(first.id, wish.id, 10, false);
    await give(alsoHidden.id, wish.id, 7, true);
    await give(second.id, wish.id, 20, false);
    await give(first.id, wish.id, 3, true);
    await give(first.id, wish.id, 4, false);

    expect(await seen(wish.id)).toEqual({
      contributorCount: 3,
      contributors: [
        { displayName: 'Seeded User', handle: first.handle, amountCents: 1400 },
        { displayName: 'Seeded User', handle: second.handle, amountCents: 2000 },
        { displayName: null, handle: null, amountCents: 1500 },
      ],
      fundedCents: 4900,
    });
    // The fan still sees each of their own contributions, anonymous ones marked.
    const own = (await getProgress(db(), wish.id, first.id)).own;
    expect(own.map((c) => [c.amountCents, c.isAnonymous])).toEqual([
      [400, false],
      [300, true],
      [1000, false],
    ]);
  });

  it('shows the anonymous contributions of several fans as one line, counted once', async () => {
    const wish = await groupGift();
    await give((await fan()).id, wish.id, 8, true);
    await give((await fan()).id, wish.id, 9, true);
    expect(await seen(wish.id)).toEqual({
      contributorCount: 1,
      contributors: [{ displayName: null, handle: null, amountCents: 1700 }],
      fundedCents: 1700,
    });
  });

  it("alerts a grant on the stream overlay the same way whether an anonymous share is a named fan's", async () => {
    const bobby = await fan();
    const other = await fan();
    const own = await groupGift(27);
    await give(bobby.id, own.id, 10, false);
    await give(bobby.id, own.id, 17, true);
    const others = await groupGift(27);
    await give(bobby.id, others.id, 10, false);
    await give(other.id, others.id, 17, true);

    const alerts = [];
    for (const wish of [own, others]) {
      const { gifts } = await giftsAfter(db(), wish.sellerId, 0, 10);
      alerts.push(gifts.map((g) => alertOf({ showAlerts: true, minTokens: 0 }, g)?.name));
    }
    expect(alerts).toEqual([['2 fans'], ['2 fans']]);
  });
});
