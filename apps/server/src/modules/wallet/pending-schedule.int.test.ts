import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { PLATFORM_ACCOUNTS, pendingAccountId } from '../ledger/accounts';
import { postTransfer } from '../ledger/service';
import { pendingByClearingDay } from './pending-schedule';

/** Zones whose midnight falls on the hour, the half hour and the quarter hour, east and west. */
const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'];
const CLEARING_DAYS = 7;

/** Each open lot's clearing day worked out one by one: what the quarter-hour sums must equal. */
async function clearingDaysLotByLot(db: DatabaseHandle['db'], userId: string, timeZone: string) {
  const rows = await queryRows<{ day: string; cents: string }>(
    db,
    sql`select to_char((created_at + make_interval(days => ${CLEARING_DAYS})) at time zone ${timeZone},
                       'YYYY-MM-DD') as day, sum(remaining_cents) as cents
        from token_lots where user_id = ${userId} and kind = 'earned' and remaining_cents > 0
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ day: r.day, cents: Number(r.cents) }));
}

describe.each(databaseKinds())('the pending schedule on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts each open lot on the local day it clears, whatever minute of whichever zone it was made in', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Minutes before now within the last week, so that some lots sit close to a local midnight.
        fc.array(fc.integer({ min: 0, max: 7 * 24 * 60 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...TIME_ZONES),
        async (minutesAgo, timeZone) => {
          const { id: userId } = await seedUser(database.db);
          for (const minutes of minutesAgo) {
            const transferId = await postTransfer(database.db, {
              kind: 'tip',
              idempotencyKey: `pending-test:${randomUUID()}`,
              entries: [
                { accountId: PLATFORM_ACCOUNTS.card, amountCents: -(100 + minutes) },
                { accountId: pendingAccountId(userId), amountCents: 100 + minutes },
              ],
            });
            if (!transferId) throw new Error('the lot was not posted');
            await database.db.execute(
              sql`update token_lots set created_at = now() - make_interval(mins => ${minutes})
                  where transfer_id = ${transferId} and user_id = ${userId}`,
            );
          }
          const schedule = await pendingByClearingDay(database.db, userId, { clearingDays: CLEARING_DAYS, timeZone });
          expect(schedule).toEqual(await clearingDaysLotByLot(database.db, userId, timeZone));
          expect(schedule.reduce((sum, d) => sum + d.cents, 0)).toBe(minutesAgo.reduce((sum, m) => sum + 100 + m, 0));
        },
      ),
      { numRuns: 25 },
    );
  });
});
