import type { EarningKind } from '@sweetwish/shared/insights';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** A range of local days [from, to] in a time zone, as the UTC hours the roll-ups are kept in. */
export type LocalRange = { from: string; to: string; timeZone: string };

/** The first UTC hour of local day `day`, and the first after local day `to`. */
function utcStart(day: string, timeZone: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${timeZone}) at time zone 'UTC'`;
}
function utcEnd(day: string, timeZone: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone ${timeZone}) at time zone 'UTC'`;
}

export type KindSums = Record<EarningKind, { grossCents: number; netCents: number; count: number }>;
type SumRow = Record<string, string | null>;

const KIND_SUMS = sql.raw(`sum(tip_gross) as tip_gross, sum(tip_net) as tip_net, sum(tip_count) as tip_count,
  sum(wish_gross) as wish_gross, sum(wish_net) as wish_net, sum(wish_count) as wish_count,
  sum(group_gross) as group_gross, sum(group_net) as group_net, sum(group_count) as group_count,
  sum(subscription_gross) as subscription_gross, sum(subscription_net) as subscription_net,
  sum(subscription_count) as subscription_count, sum(affiliate_net) as affiliate_net,
  sum(affiliate_count) as affiliate_count`);

function kindSums(row: SumRow | undefined): KindSums {
  const n = (column: string) => Number(row?.[column] ?? 0);
  const own = (kind: string) => ({
    grossCents: n(`${kind}_gross`),
    netCents: n(`${kind}_net`),
    count: n(`${kind}_count`),
  });
  return {
    tip: own('tip'),
    wish: own('wish'),
    group: own('group'),
    subscription: own('subscription'),
    affiliate: { grossCents: n('affiliate_net'), netCents: n('affiliate_net'), count: n('affiliate_count') },
  };
}

/** Earnings per local day, week or month of the range (buckets with none are left out). */
export async function sumEarningsBy(db: Database, userId: string, range: LocalRange, unit: 'day' | 'week' | 'month') {
  const rows = await queryRows<SumRow & { start: string }>(
    db,
    sql`select to_char(date_trunc(${unit}, (hour at time zone 'UTC') at time zone ${range.timeZone}), 'YYYY-MM-DD') as start,
          ${KIND_SUMS}
        from insight_earnings
        where user_id = ${userId} and hour >= ${utcStart(range.from, range.timeZone)}
          and hour < ${utcEnd(range.to, range.timeZone)}
        group by 1 order by 1`,
  );
  return rows.map((row) => ({ start: row.start, kinds: kindSums(row) }));
}

/** Earnings of the whole range, by kind. */
export async function sumEarnings(db: Database, userId: string, range: LocalRange): Promise<KindSums> {
  const [row] = await queryRows<SumRow>(
    db,
    sql`select ${KIND_SUMS} from insight_earnings
        where user_id = ${userId} and hour >= ${utcStart(range.from, range.timeZone)}
          and hour < ${utcEnd(range.to, range.timeZone)}`,
  );
  return kindSums(row);
}

/** The local day of a user's first earning, or undefined with none. */
export async function findFirstEarningDay(db: Database, userId: string, timeZone: string) {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char((min(hour) at time zone 'UTC') at time zone ${timeZone}, 'YYYY-MM-DD') as day
        from insight_earnings where user_id = ${userId}`,
  );
  return row?.day ?? undefined;
}

/**
 * The supporters of a range: 'day' rows for short ranges, 'month' rows for months, the 'all' row for all
 * time (UTC days and months, decision 121). Top named supporters by what they gave under their name, and
 * how many are new (first gift in the range) or returning.
 */
export async function summariseSupporters(
  db: Database,
  sellerId: string,
  period: { kind: 'day' | 'month' | 'all'; from: string; to: string; firstAt: SQL },
  topLimit: number,
) {
  const inRange = sql`seller_id = ${sellerId} and period = ${period.kind} and starts >= ${period.from}::date
    and starts <= ${period.to}::date`;
  const [counts] = await queryRows<{ total: string; new_count: string }>(
    db,
    sql`select count(*) as total, count(*) filter (where a.first_at >= ${period.firstAt}) as new_count
        from (select distinct buyer_id from insight_supporters where ${inRange}) r
        join insight_supporters a on a.seller_id = ${sellerId} and a.period = 'all' and a.starts = date '1970-01-01'
          and a.buyer_id = r.buyer_id`,
  );
  const top = await queryRows<{ buyer_id: string; cents: string; gifts: string }>(
    db,
    sql`select buyer_id, sum(visible_cents) as cents, sum(gifts) as gifts from insight_supporters
        where ${inRange} and visible_cents > 0 group by buyer_id order by 2 desc, 1 limit ${topLimit}`,
  );
  return {
    count: Number(counts?.total ?? 0),
    newCount: Number(counts?.new_count ?? 0),
    top: top.map((r) => ({ buyerId: r.buyer_id, cents: Number(r.cents), gifts: Number(r.gifts) })),
  };
}

/** Views per UTC day and page kind in the range. */
export async function countViewsByDay(db: Database, creatorId: string, from: string, to: string) {
  const rows = await queryRows<{ day: string; page: string; views: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, page, sum(views) as views from insight_views
        where creator_id = ${creatorId} and day >= ${from}::date and day <= ${to}::date
        group by day, page order by day`,
  );
  return rows.map((r) => ({ day: r.day, page: r.page, views: Number(r.views) }));
}

/** Views and purchases of each wish in the range (UTC days). */
export async function countWishActivity(db: Database, creatorId: string, from: string, to: string) {
  const rows = await queryRows<{ wish_id: string; views: string; purchases: string }>(
    db,
    sql`select wish_id, sum(views) as views, sum(purchases) as purchases from (
          select wish_id, views, 0 as purchases from insight_views
          where creator_id = ${creatorId} and day >= ${from}::date and day <= ${to}::date and page = 'wish'
          union all
          select wish_id, 0, purchases from insight_wish_sales
          where seller_id = ${creatorId} and day >= ${from}::date and day <= ${to}::date) a
        group by wish_id`,
  );
  return rows.map((r) => ({ wishId: r.wish_id, views: Number(r.views), purchases: Number(r.purchases) }));
}

/** The wishes of these that were ever bought. */
export async function findSoldWishIds(db: Database, sellerId: string, wishIds: string[]): Promise<Set<string>> {
  if (wishIds.length === 0) return new Set();
  const rows = await queryRows<{ wish_id: string }>(
    db,
    sql`select distinct wish_id from insight_wish_sales
        where seller_id = ${sellerId} and wish_id = any(${sql.param(wishIds)}::text[])`,
  );
  return new Set(rows.map((r) => r.wish_id));
}

/** Adds counted views (creator, UTC day, page, wish) in one statement, in key order across instances. */
export async function addViews(
  db: Database,
  rows: { creatorId: string; day: string; page: string; wishId: string; views: number }[],
) {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) =>
    `${a.creatorId}|${a.day}|${a.page}|${a.wishId}`.localeCompare(`${b.creatorId}|${b.day}|${b.page}|${b.wishId}`),
  );
  await db.execute(sql`
    insert into insight_views as v (creator_id, day, page, wish_id, views)
    select * from unnest(${sql.param(sorted.map((r) => r.creatorId))}::text[], ${sql.param(sorted.map((r) => r.day))}::date[],
      ${sql.param(sorted.map((r) => r.page))}::text[], ${sql.param(sorted.map((r) => r.wishId))}::text[],
      ${sql.param(sorted.map((r) => r.views))}::bigint[])
    on conflict (creator_id, day, page, wish_id) do update set views = v.views + excluded.views`);
}
