import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * A user's pending earnings by the local day (YYYY-MM-DD in `timeZone`) they clear on: each open earned lot
 * clears `clearingDays` after it was made (clearing.ts). Read from the open lots, so a refund that took some
 * back is already counted out. The lots are summed per quarter hour first and only those sums get a local
 * day (decision 143): every time zone's midnight falls on a quarter hour, so none straddles two days, and a
 * week of a busy creator's 6,400 lots takes 672 conversions instead.
 */
export async function pendingByClearingDay(
  db: Database,
  userId: string,
  options: { clearingDays: number; timeZone: string },
): Promise<{ day: string; cents: number }[]> {
  const rows = await queryRows<{ day: string; cents: string }>(
    db,
    sql`select to_char((quarter + make_interval(days => ${options.clearingDays})) at time zone ${options.timeZone},
                       'YYYY-MM-DD') as day, sum(cents) as cents
        from (select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') as quarter,
                     sum(remaining_cents) as cents
              from token_lots where user_id = ${userId} and kind = 'earned' and remaining_cents > 0
              group by 1) quarters
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ day: r.day, cents: Number(r.cents) }));
}
