import type { EarningKind, InsightBucket } from '@sweetwish/shared/insights';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { addDays, bucketStarts } from './local-days';

/** A range of local days [from, to] in a time zone, as the UTC hours and days the roll-ups are kept in. */
export type LocalRange = { from: string; to: string; timeZone: string };

export type KindSums = Record<EarningKind, { grossCents: number; netCents: number; count: number }>;
type SumRow = Record<string, string | null>;

const KINDS = ['tip', 'wish', 'group', 'subscription'];
const COLUMNS = [...KINDS.flatMap((k) => [`${k}_gross`, `${k}_net`, `${k}_count`]), 'affiliate_net', 'affiliate_count'];
const PIECE_COLUMNS = sql.raw(COLUMNS.join(', '));
const SIGNED_SUMS = sql.raw(COLUMNS.map((c) => `sum(sign * ${c}) as ${c}`).join(', '));

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

/**
 * The earnings of consecutive local periods: `bounds` are the local days each period starts on, then the
 * day after the last; each period is labelled by `labels`. A period is [S, E) in UTC; it reads the UTC days
 * from R(S) to R(E), R rounding to the nearest UTC midnight, and then adds the hours of [S, R(S)) and
 * [R(E), E) and takes away those of [R(S), S) and [E, R(E)): at most 12 hours at each edge, whatever the
 * time zone, and a sum equal to that of its hours (decision 123). The hours kept are those starting at or
 * after S and before E, as before: a half-hour zone's day takes its first whole hour.
 */
async function sumPeriods(db: Database, userId: string, timeZone: string, bounds: string[], labels: string[]) {
  return queryRows<SumRow & { label: string }>(
    db,
    sql`with bounds as (
          select k, label, at, date_trunc('day', at + interval '12 hours') as day_at
          from (select k, label, (d::timestamp at time zone ${timeZone}) at time zone 'UTC' as at
                from unnest(${sql.param(bounds)}::date[], ${sql.param([...labels, ''])}::text[])
                  with ordinality as u(d, label, k)) b),
        periods as (
          select s.label, s.at as s_at, s.day_at as s_day, e.at as e_at, e.day_at as e_day
          from bounds s join bounds e on e.k = s.k + 1),
        edges as (
          select label, 1 as sign, s_at as lo, s_day as hi from periods where s_at < s_day
          union all select label, -1, s_day, s_at from periods where s_day < s_at
          union all select label, 1, e_day, e_at from periods where e_day < e_at
          union all select label, -1, e_at, e_day from periods where e_at < e_day)
        select label, ${SIGNED_SUMS} from (
          select p.label, 1 as sign, ${PIECE_COLUMNS} from periods p
          join insight_earning_days d on d.user_id = ${userId} and d.day >= p.s_day::date and d.day < p.e_day::date
          union all
          select g.label, g.sign, ${PIECE_COLUMNS} from edges g
          join insight_earnings h on h.user_id = ${userId} and h.hour >= g.lo and h.hour < g.hi) pieces
        group by label`,
  );
}

/** Earnings per local day, week or month of the range (buckets with none are left out). */
export async function sumEarningsBy(db: Database, userId: string, range: LocalRange, unit: InsightBucket) {
  const starts = bucketStarts(range.from, range.to, unit);
  const bounds = [range.from, ...starts.slice(1), addDays(range.to, 1)];
  const rows = await sumPeriods(db, userId, range.timeZone, bounds, starts);
  return rows.map((row) => ({ start: row.label, kinds: kindSums(row) })).sort((a, b) => a.start.localeCompare(b.start));
}

/** Earnings of the whole range, by kind. */
export async function sumEarnings(db: Database, userId: string, range: LocalRange): Promise<KindSums> {
  const [row] = await sumPeriods(db, userId, range.timeZone, [range.from, addDays(range.to, 1)], ['']);
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
