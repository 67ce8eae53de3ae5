import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedTokens, seedUser, tipPosting } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { contribute } from '../group-gifts/service';
import { createWish } from '../wishes/service';
import { postGifts } from './repo';
import { getReceived, listReceived } from './service';

/**
 * A received item says whether it is a fan's share of a group gift, so its detail asks for the group gift's
 * totals only then: for any other gift that call answers 404, an error in the creator's browser console.
 */
describe.each(databaseKinds())('received group gift shares on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('marks the share of a funded group gift, and not a tip', async () => {
    const db = database.db;
    const creator = await seedUser(db);
    const fan = await seedUser(db);
    await seedTokens(db, fan.id, 100_000);
    const group = await createWish(db, creator.id, {
      name: 'Synthesizer',
      cost: 50,
      description: '',
      type: 'standard',
      allowRepeatPurchases: false,
      pinned: false,
      isGroupGift: true,
    });
    expect((await contribute(db, fan.id, group.id, { amount: 50, isAnonymous: false })).isGranted).toBe(true);
    expect(await postGifts(db, [tipPosting(fan.id, creator.id)])).toEqual(['ok']);

    const { items } = await listReceived(db, creator.id, { limit: 10 });
    const byKind = new Map(items.map((item) => [item.product?.name ?? item.type, item.isGroupGift]));
    expect(byKind).toEqual(
      new Map([
        ['Synthesizer', true],
        ['tip', false],
      ]),
    );
    const share = items.find((item) => item.product?.id === group.id);
    expect((await getReceived(db, creator.id, share?.id ?? '')).isGroupGift).toBe(true);
  });
});
