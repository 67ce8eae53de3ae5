import type { WithdrawalPage } from '@sweetwish/shared/payouts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { expectBadPagesRefused, limitsFor, newestFirstIds, readEveryPage, TIED_TIMES } from '../../../test/paging';
import { peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

/** The withdrawal history pages newest first with a cursor (decision 027). */
describe.each(databaseKinds())('the withdrawal history on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  /** Withdrawal rows straight into the table (with times to the microsecond, which a Date cannot carry). */
  async function seedWithdrawals(userId: string) {
    const rows = TIED_TIMES.map((at, i) => ({ id: `wd_${userId}_${i}`, at }));
    for (const { id, at } of rows) {
      await database.db.execute(sql`
        insert into withdrawals (id, user_id, amount_cents, provider_account_id, created_at)
        values (${id}, ${userId}, 5000, 'acct_test', ${at}::timestamptz)`);
    }
    return rows;
  }

  it('crosses page boundaries inside ties in created_at without repeats or gaps', async () => {
    const user = await people.newPerson();
    const other = await people.newPerson();
    const rows = await seedWithdrawals(user.id);
    await seedWithdrawals(other.id);
    for (const limit of limitsFor(rows.length)) {
      const seen = await readEveryPage<{ id: string }>((q) => people.get(user, `/payouts/withdrawals${q}`), limit);
      expect(seen.map((w) => w.id)).toEqual(newestFirstIds(rows));
    }
    const first = await people.json<WithdrawalPage>(people.get(user, '/payouts/withdrawals'));
    expect(first.items).toHaveLength(rows.length);
    expect(first.nextCursor).toBeNull();
  });

  it('refuses a bad cursor or limit with a 400 naming it', async () => {
    const user = await people.newPerson();
    await expectBadPagesRefused((q) => people.get(user, `/payouts/withdrawals${q}`));
    expect((await people.get(undefined, '/payouts/withdrawals')).status).toBe(401);
  });
});
