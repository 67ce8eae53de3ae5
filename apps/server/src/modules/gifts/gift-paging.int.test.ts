import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { expectBadPagesRefused, limitsFor, newestFirstIds, readEveryPage, TIED_TIMES } from '../../../test/paging';
import { peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

/** Purchases and received items page newest first with a cursor (decision 027). */
describe.each(databaseKinds())('paging purchases and received items on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  /** A fan's tips to a creator, moved to times that tie (to the microsecond, which a Date cannot carry). */
  async function tipsAtTiedTimes() {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const tips = [];
    for (const at of TIED_TIMES) {
      const { tipId } = await people.json<{ tipId: string }>(
        people.post(fan, '/tips', { recipientId: creator.id, amount: 1 }),
        201,
      );
      await database.db.execute(sql`update purchases set created_at = ${at}::timestamptz where id = ${tipId}`);
      tips.push({ id: tipId, at });
    }
    return { fan, creator, expected: newestFirstIds(tips) };
  }

  it('crosses page boundaries inside ties in created_at without repeats or gaps, on both sides', async () => {
    const { fan, creator, expected } = await tipsAtTiedTimes();
    // Someone else's tips in the same instants stay out of these lists.
    await tipsAtTiedTimes();
    for (const limit of limitsFor(expected.length)) {
      const bought = await readEveryPage<{ id: string }>((q) => people.get(fan, `/purchases${q}`), limit);
      expect(bought.map((p) => p.id)).toEqual(expected);
      const received = await readEveryPage<{ id: string }>((q) => people.get(creator, `/received${q}`), limit);
      expect(received.map((r) => r.id)).toEqual(expected);
    }
  });

  it('refuses a bad cursor or limit with a 400 naming it', async () => {
    const user = await people.newPerson();
    await expectBadPagesRefused((q) => people.get(user, `/purchases${q}`));
    await expectBadPagesRefused((q) => people.get(user, `/received${q}`));
  });
});
