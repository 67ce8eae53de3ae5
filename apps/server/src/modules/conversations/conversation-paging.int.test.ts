import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { expectBadPagesRefused, limitsFor, newestFirstIds, readEveryPage, TIED_TIMES } from '../../../test/paging';
import { peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

/** The conversation list pages most recently active first with a cursor (decision 027). */
describe.each(databaseKinds())('paging conversations on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  it('crosses page boundaries inside ties in updated_at without repeats or gaps, for both participants', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const rows = [];
    for (const at of TIED_TIMES) {
      const { tipId } = await people.json<{ tipId: string }>(
        people.post(fan, '/tips', { recipientId: creator.id, amount: 1 }),
        201,
      );
      const { conversationId: id } = await people.json<{ conversationId: string }>(
        people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
      );
      // The time to the microsecond, which a Date cannot carry.
      await database.db.execute(sql`update conversations set updated_at = ${at}::timestamptz where id = ${id}`);
      rows.push({ id, at });
    }
    const stranger = await people.newPerson();
    for (const limit of limitsFor(rows.length)) {
      for (const person of [fan, creator]) {
        const seen = await readEveryPage<{ id: string }>((q) => people.get(person, `/conversations${q}`), limit);
        expect(seen.map((c) => c.id)).toEqual(newestFirstIds(rows));
      }
      expect(await readEveryPage((q) => people.get(stranger, `/conversations${q}`), limit)).toEqual([]);
    }
  });

  it('names the purchase each conversation belongs to: the wish bought or a tip, and its amount', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Easel', cost: 24 }), 201);
    const bought = await people.json<{ purchaseId: string }>(
      people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id }),
      201,
    );
    const tip = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 3 }),
      201,
    );
    for (const purchaseId of [bought.purchaseId, tip.tipId]) {
      await people.json(people.post(fan, '/conversations', { type: 'purchase', purchaseId }));
    }
    for (const person of [fan, creator]) {
      const { items } = await people.json<{ items: { purchaseId: string; purchase: unknown }[] }>(
        people.get(person, '/conversations'),
      );
      expect(new Map(items.map((c) => [c.purchaseId, c.purchase]))).toEqual(
        new Map([
          [bought.purchaseId, { type: 'standard', name: 'Easel', costCents: 2400 }],
          [tip.tipId, { type: 'tip', name: null, costCents: 300 }],
        ]),
      );
    }
  });

  it('refuses a bad cursor or limit with a 400 naming it', async () => {
    const user = await people.newPerson();
    await expectBadPagesRefused((q) => people.get(user, `/conversations${q}`));
  });
});
