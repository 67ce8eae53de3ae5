import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

// An affiliate's shares, from the hourly roll-up the purchase trigger keeps (decision 121): rows of the
// affiliate (user_id) whose source is the invited creator; read through the primary key (user_id, hour, ...).

/** The affiliate's share per UTC month from `since` (a month's first instant, UTC), newest first. */
export async function sumAffiliateMonths(db: Database, affiliateId: string, since: string) {
  return queryRows<{ month: string; earnedCents: string; giftCount: string }>(
    db,
    sql`select to_char(date_trunc('month', hour), 'YYYY-MM') as month,
          sum(affiliate_net) as "earnedCents", sum(affiliate_count) as "giftCount"
        from insight_earnings
        where user_id = ${affiliateId} and hour >= ${since}::timestamp and affiliate_count > 0
        group by 1 order by 1 desc`,
  );
}

/** The affiliate's share of all time, in all and per invited creator among `creatorIds`. */
export async function sumAffiliateShares(db: Database, affiliateId: string, creatorIds: string[]) {
  const [total] = await queryRows<{ totalCents: string | null }>(
    db,
    sql`select sum(affiliate_net) as "totalCents" from insight_earnings
        where user_id = ${affiliateId} and affiliate_count > 0`,
  );
  const bySource =
    creatorIds.length === 0
      ? []
      : await queryRows<{ creatorId: string; earnedCents: string }>(
          db,
          sql`select source_id as "creatorId", sum(affiliate_net) as "earnedCents" from insight_earnings
              where user_id = ${affiliateId} and affiliate_count > 0
                and source_id in (${sql.join(
                  creatorIds.map((id) => sql`${id}`),
                  sql`, `,
                )})
              group by source_id`,
        );
  return {
    totalCents: Number(total?.totalCents ?? 0),
    byCreator: new Map(bySource.map((row) => [row.creatorId, Number(row.earnedCents)])),
  };
}
