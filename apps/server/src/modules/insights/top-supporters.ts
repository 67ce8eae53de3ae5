import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows } from '../../db/client';
import { defineJobKind, type JobType } from '../../jobs/job-type';
import { releaseRunningJobKey } from '../../jobs/repo';
import { addMonths } from './local-days';

/** How many supporters the insights name, and so how many a kept list holds. */
export const TOP_SUPPORTERS = 10;

type TopSupporter = { buyerId: string; cents: number; gifts: number };

/** The window of all time: what the all-time roll-up rows have as their `starts`. */
export const ALL_TIME = '1970-01-01';

/**
 * The refresh of a creator's kept top supporters of 12 months and of all time (decision 142). The roll-up trigger
 * (insights_count_purchase) queues it 30 s after a gift under the key `insight-top-supporters:<creator>`,
 * unless one waits already, so a creator receiving many gifts has their list summed at most about twice a
 * minute, off the gift's path.
 */
export const topSupportersJobKind = defineJobKind('insight-top-supporters', z.object({ sellerId: z.string().min(1) }));

/** The first month of the 12 months that end in `day`'s month: where a 12-month range's month rows start. */
function twelveMonthsFrom(day: string): string {
  return addMonths(day, -11);
}

/**
 * The top `TOP_SUPPORTERS` by what they gave under their name: summed over the month rows from `windowFrom`
 * on (one per supporter and month, 60,000 on the bench's seed), or sorted from the all-time rows (20,000).
 */
function sumTop(sellerId: string, windowFrom: string) {
  return windowFrom === ALL_TIME
    ? sql`select buyer_id, visible_cents as cents, gifts from insight_supporters
          where seller_id = ${sellerId} and period = 'all' and starts = date '1970-01-01' and visible_cents > 0
          order by visible_cents desc, buyer_id limit ${TOP_SUPPORTERS}`
    : sql`select buyer_id, sum(visible_cents) as cents, sum(gifts) as gifts from insight_supporters
          where seller_id = ${sellerId} and period = 'month' and starts >= ${windowFrom}::date and visible_cents > 0
          group by buyer_id order by 2 desc, 1 limit ${TOP_SUPPORTERS}`;
}

/**
 * Sums the top supporters of the window from `windowFrom` (12 months, or ALL_TIME), keeps them for that
 * window and returns them. A list kept by a read that began later is left as it is.
 */
async function refreshTopSupporters(db: Database, sellerId: string, windowFrom: string) {
  const [row] = await queryRows<{ supporters: TopSupporter[] }>(
    db,
    sql`with top as (${sumTop(sellerId, windowFrom)}),
        list as (
          select coalesce(jsonb_agg(jsonb_build_object('buyerId', buyer_id, 'cents', cents, 'gifts', gifts)
            order by cents desc, buyer_id), '[]'::jsonb) as supporters from top),
        kept as (
          insert into insight_top_supporters as t (seller_id, window_from, supporters, computed_at)
          select ${sellerId}, ${windowFrom}::date, supporters, statement_timestamp() from list
          on conflict (seller_id, window_from) do update
            set supporters = excluded.supporters, computed_at = excluded.computed_at
            where t.computed_at <= excluded.computed_at)
        select supporters from list`,
  );
  return row?.supporters ?? [];
}

/**
 * The top supporters of the window from `windowFrom` (12 months, or ALL_TIME): the kept list, at most about
 * 30 s behind the latest gift; summed now (and kept) when none is kept for that window yet, e.g. on a
 * month's first day.
 */
export async function findTopSupporters(db: Database, sellerId: string, windowFrom: string) {
  const [kept] = await queryRows<{ supporters: TopSupporter[] }>(
    db,
    sql`select supporters from insight_top_supporters where seller_id = ${sellerId} and window_from = ${windowFrom}::date`,
  );
  return kept ? kept.supporters : refreshTopSupporters(db, sellerId, windowFrom);
}

/**
 * The job: lets go of its key first, so a gift made while it sums queues the next refresh; drops the lists of
 * 12-month windows no zone reads any more; then sums all time, the 12 months of the current UTC month, and
 * every other window still kept (a zone already or still in another month, whose first read kept it).
 */
export function topSupportersJob({ db }: { db: Database }): JobType<z.infer<typeof topSupportersJobKind.payload>> {
  return {
    kind: topSupportersJobKind,
    leaseSeconds: 60,
    // A sum that failed (a lost connection) is tried again, and never given up: its key would stay taken.
    retry: { maxAttempts: Number.POSITIVE_INFINITY, firstSeconds: 30, factor: 2, maxSeconds: 3600 },
    async handle({ sellerId }) {
      await releaseRunningJobKey(db, `${topSupportersJobKind.name}:${sellerId}`);
      const windowFrom = twelveMonthsFrom(new Date().toISOString().slice(0, 10));
      await db.execute(
        sql`delete from insight_top_supporters where seller_id = ${sellerId}
            and window_from < ${addMonths(windowFrom, -1)}::date and window_from <> ${ALL_TIME}::date`,
      );
      const kept = await queryRows<{ window_from: string }>(
        db,
        sql`select to_char(window_from, 'YYYY-MM-DD') as window_from from insight_top_supporters
            where seller_id = ${sellerId}`,
      );
      for (const window of new Set([windowFrom, ALL_TIME, ...kept.map((k) => k.window_from)])) {
        await refreshTopSupporters(db, sellerId, window);
      }
      return undefined;
    },
  };
}
