import { inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { people } from '../accounts/people';
import { ALL_TIME, findTopSupporters, TOP_SUPPORTERS } from './top-supporters';

export type { KindSums, LocalRange } from './earnings-repo';
export { findFirstEarningDay, sumEarnings, sumEarningsBy } from './earnings-repo';

/**
 * Which roll-up rows cover a range (decision 123): UTC 'day' rows from `from` to `to` up to a month, UTC
 * 'month' rows (the first one whole) for 12 months, and the one 'all' row for all time.
 */
export type RollUpPeriod = { kind: 'day' | 'month' | 'all'; from: string; to: string };

/**
 * How many supporters gave in a range ending today (their latest gift's UTC day on or after `since`; every
 * supporter when `since` is null) and how many of them are new (their first gift's day too), each from at
 * most one row a day; and the top named supporters by what they gave under their name: summed from the
 * range's day rows (up to a month), or the kept list of its 12 months or of all time (decision 142).
 */
export async function summariseSupporters(db: Database, sellerId: string, since: string | null, period: RollUpPeriod) {
  const [counts] = await queryRows<{ total: string | null; new_count: string | null }>(
    db,
    sql`select sum(lasts) as total, sum(firsts) as new_count from insight_supporter_days
        where seller_id = ${sellerId} and day >= ${since ?? '1970-01-01'}::date`,
  );
  const top =
    period.kind === 'day'
      ? (
          await queryRows<{ buyer_id: string; cents: string; gifts: string }>(
            db,
            sql`select buyer_id, sum(visible_cents) as cents, sum(gifts) as gifts from insight_supporters
                where seller_id = ${sellerId} and period = 'day' and starts >= ${period.from}::date
                  and starts <= ${period.to}::date and visible_cents > 0
                group by buyer_id order by 2 desc, 1 limit ${TOP_SUPPORTERS}`,
          )
        ).map((r) => ({ buyerId: r.buyer_id, cents: Number(r.cents), gifts: Number(r.gifts) }))
      : await findTopSupporters(db, sellerId, period.kind === 'all' ? ALL_TIME : period.from);
  return { count: Number(counts?.total ?? 0), newCount: Number(counts?.new_count ?? 0), top };
}

/** The public faces of these users, in one query (those without a public profile left out). */
export async function findPublicPeople(db: Database, userIds: string[]) {
  const found = new Map<string, { id: string; handle: string; displayName: string; photoUrl: string | null }>();
  if (userIds.length === 0) return found;
  const person = people('person');
  const rows = await db.select().from(person).where(inArray(person.id, userIds));
  for (const row of rows) {
    if (!row.handle || !row.displayName || row.deletedAt) continue;
    found.set(row.id, { id: row.id, handle: row.handle, displayName: row.displayName, photoUrl: row.photoUrl });
  }
  return found;
}

/** Views per UTC day and page kind in the range: the day's rows of all wishes together, at most three a day. */
export async function countViewsByDay(db: Database, creatorId: string, from: string, to: string) {
  const rows = await queryRows<{ day: string; page: string; views: string }>(
    db,
    sql`select to_char(starts, 'YYYY-MM-DD') as day, page, views from insight_views
        where creator_id = ${creatorId} and period = 'day' and starts >= ${from}::date and starts <= ${to}::date
          and wish_id = '' order by starts, page`,
  );
  return rows.map((r) => ({ day: r.day, page: r.page, views: Number(r.views) }));
}

/** Views and purchases of each wish over the rows of `period` (UTC days, months or all time). */
export async function countWishActivity(db: Database, creatorId: string, period: RollUpPeriod) {
  const rows = await queryRows<{ wish_id: string; views: string; purchases: string }>(
    db,
    sql`select wish_id, sum(views) as views, sum(purchases) as purchases from (
          select wish_id, views, 0 as purchases from insight_views
          where creator_id = ${creatorId} and period = ${period.kind} and starts >= ${period.from}::date
            and starts <= ${period.to}::date and page = 'wish' and wish_id <> ''
          union all
          select wish_id, 0, purchases from insight_wish_sales
          where seller_id = ${creatorId} and period = ${period.kind} and starts >= ${period.from}::date
            and starts <= ${period.to}::date) a
        group by wish_id`,
  );
  return rows.map((r) => ({ wishId: r.wish_id, views: Number(r.views), purchases: Number(r.purchases) }));
}

/** The wishes of these that were ever bought (their all-time sales rows). */
export async function findSoldWishIds(db: Database, sellerId: string, wishIds: string[]): Promise<Set<string>> {
  if (wishIds.length === 0) return new Set();
  const rows = await queryRows<{ wish_id: string }>(
    db,
    sql`select wish_id from insight_wish_sales
        where seller_id = ${sellerId} and period = 'all' and starts = date '1970-01-01'
          and wish_id = any(${sql.param(wishIds)}::text[])`,
  );
  return new Set(rows.map((r) => r.wish_id));
}

/**
 * Adds counted views (creator, UTC day, page, wish) in one statement, in key order across instances: each
 * to its day, its month and all time, and a wish's also to all wishes' row ('') of each.
 */
export async function addViews(
  db: Database,
  rows: { creatorId: string; day: string; page: string; wishId: string; views: number }[],
) {
  if (rows.length === 0) return;
  const totals = new Map<
    string,
    { creatorId: string; period: string; starts: string; page: string; wishId: string; views: number }
  >();
  for (const row of rows) {
    const periods = [
      ['day', row.day],
      ['month', `${row.day.slice(0, 7)}-01`],
      ['all', '1970-01-01'],
    ];
    for (const [period = '', starts = ''] of periods) {
      for (const wishId of row.wishId === '' ? [''] : [row.wishId, '']) {
        const key = `${row.creatorId}|${period}|${starts}|${row.page}|${wishId}`;
        const total = totals.get(key) ?? { creatorId: row.creatorId, period, starts, page: row.page, wishId, views: 0 };
        total.views += row.views;
        totals.set(key, total);
      }
    }
  }
  const sorted = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, total]) => total);
  const column = <K extends keyof (typeof sorted)[number]>(key: K) => sql.param(sorted.map((r) => r[key]));
  await db.execute(sql`
    insert into insight_views as v (creator_id, period, starts, page, wish_id, views)
    select * from unnest(${column('creatorId')}::text[], ${column('period')}::text[], ${column('starts')}::date[],
      ${column('page')}::text[], ${column('wishId')}::text[], ${column('views')}::bigint[])
    on conflict (creator_id, period, starts, page, wish_id) do update set views = v.views + excluded.views`);
}
