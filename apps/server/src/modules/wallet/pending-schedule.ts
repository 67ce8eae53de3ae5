import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * A user's pending earnings by the local day (YYYY-MM-DD in `timeZone`) they clear on: each open earned lot
 * clears `clearingDays` after it was made (clearing.ts). Read from the open lots, so a refund that took some
 * back is already counted out.
 */
export async function pendingByClearingDay(
  db: Database,
  userId: string,
  options: { clearingDays: number; timeZone: string },
): Promise<{ day: string; cents: number }[]> {
  const rows = await queryRows<{ day: string; cents: string }>(
    db,
    sql`select to_char((created_at + make_interval(days => ${options.clearingDays})) at time zone ${options.timeZone},
                       'YYYY-MM-DD') as day, sum(remaining_cents) as cents
        from token_lots where user_id = ${userId} and kind = 'earned' and remaining_cents > 0
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ day: r.day, cents: Number(r.cents) }));
}
