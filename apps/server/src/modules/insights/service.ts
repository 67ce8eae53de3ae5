import {
  defaultBucket,
  EARNING_KINDS,
  type EarningsTotals,
  INSIGHT_MESSAGES,
  type Insights,
  type InsightsQuery,
} from '@sweetwish/shared/insights';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { pendingByClearingDay } from '../wallet/pending-schedule';
import { listWishes } from '../wishes/service';
import { bucketStarts, daysBetween, isKnownTimeZone, localDay, rangeDays } from './local-days';
import {
  countViewsByDay,
  countWishActivity,
  findFirstEarningDay,
  findPublicPeople,
  findSoldWishIds,
  type KindSums,
  type RollUpPeriod,
  sumEarnings,
  sumEarningsBy,
  summariseSupporters,
} from './repo';

const TOP_WISHES = 20;
const TOP_UNBOUGHT = 5;

function totalsOf(sums: KindSums): EarningsTotals {
  let grossCents = 0;
  let netCents = 0;
  let count = 0;
  for (const kind of EARNING_KINDS) {
    grossCents += sums[kind].grossCents;
    netCents += sums[kind].netCents;
    count += sums[kind].count;
  }
  return { grossCents, feesCents: grossCents - netCents, netCents, count };
}

function emptySums(): KindSums {
  const zero = () => ({ grossCents: 0, netCents: 0, count: 0 });
  return { tip: zero(), wish: zero(), group: zero(), subscription: zero(), affiliate: zero() };
}

function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The roll-up rows of a range's supporters and wishes: UTC days up to a month, UTC months beyond, or all time's. */
function rollUpPeriod(range: InsightsQuery['range'], from: string, to: string): RollUpPeriod {
  if (range === 'all') return { kind: 'all', from: '1970-01-01', to: '1970-01-01' };
  if (daysBetween(from, to) <= 31) return { kind: 'day', from, to };
  return { kind: 'month', from: `${from.slice(0, 7)}-01`, to };
}

/**
 * A creator's insights over a range of their own days (product.md section 2, Insights), read from the
 * roll-ups only (decision 121): never a scan of their purchases. Their own data only: the caller's id.
 */
export async function getInsights(
  db: Database,
  userId: string,
  query: InsightsQuery,
  options: { clearingDays: number; now?: Date },
): Promise<Insights> {
  const timeZone = query.tz;
  if (!isKnownTimeZone(timeZone)) throw new AppError('VALIDATION', INSIGHT_MESSAGES.unknownTimeZone);
  const by = query.by ?? defaultBucket(query.range);
  const today = localDay(options.now ?? new Date(), timeZone);
  const firstDay = query.range === 'all' ? await findFirstEarningDay(db, userId, timeZone) : undefined;
  const { from, to, previous } = rangeDays(query.range, today, firstDay);
  const range = { from, to, timeZone };
  const period = rollUpPeriod(query.range, from, to);

  const [rows, previousSums, pending, supporters, views, activity, wishes] = await Promise.all([
    sumEarningsBy(db, userId, range, by),
    previous ? sumEarnings(db, userId, { ...previous, timeZone }) : undefined,
    pendingByClearingDay(db, userId, { clearingDays: options.clearingDays, timeZone }),
    summariseSupporters(db, userId, query.range === 'all' ? null : from, period),
    countViewsByDay(db, userId, from, to),
    countWishActivity(db, userId, period),
    listWishes(db, userId),
  ]);

  const byStart = new Map(rows.map((row) => [row.start, row.kinds]));
  const buckets = bucketStarts(from, to, by).map((start) => ({ start, kinds: byStart.get(start) ?? emptySums() }));
  const current = emptySums();
  for (const row of rows) {
    for (const kind of EARNING_KINDS) {
      current[kind].grossCents += row.kinds[kind].grossCents;
      current[kind].netCents += row.kinds[kind].netCents;
      current[kind].count += row.kinds[kind].count;
    }
  }
  const totals = totalsOf(current);
  const previousTotals = previousSums ? totalsOf(previousSums) : null;
  const ownGifts = totals.count - current.affiliate.count;
  const ownGross = totals.grossCents - current.affiliate.grossCents;

  const people = await findPublicPeople(
    db,
    supporters.top.map((s) => s.buyerId),
  );
  const top = supporters.top.flatMap((s) => {
    const person = people.get(s.buyerId);
    return person ? [{ person, cents: s.cents, gifts: s.gifts }] : [];
  });

  const visitDays = new Map<string, { day: string; profile: number; wish: number; share: number }>();
  const visitTotals = { profile: 0, wish: 0, share: 0 };
  for (const row of views) {
    const day = visitDays.get(row.day) ?? { day: row.day, profile: 0, wish: 0, share: 0 };
    const page = row.page as keyof typeof visitTotals;
    day[page] += row.views;
    visitTotals[page] += row.views;
    visitDays.set(row.day, day);
  }

  const wishById = new Map(wishes.map((w) => [w.id, { id: w.id, name: w.name, image: w.image }]));
  const wishRows = activity
    .filter((a) => wishById.has(a.wishId))
    .map((a) => ({
      wish: wishById.get(a.wishId) ?? { id: a.wishId, name: '', image: null },
      views: a.views,
      purchases: a.purchases,
      conversionPercent: a.views === 0 ? null : Math.round((a.purchases / a.views) * 1000) / 10,
    }))
    .sort((a, b) => b.views - a.views || b.purchases - a.purchases);
  const viewed = wishRows.filter((w) => w.views > 0 && w.purchases === 0);
  const sold = await findSoldWishIds(
    db,
    userId,
    viewed.map((w) => w.wish.id),
  );
  const unbought = viewed
    .filter((w) => !sold.has(w.wish.id))
    .slice(0, TOP_UNBOUGHT)
    .map((w) => ({ wish: w.wish, views: w.views }));

  return {
    range: query.range,
    by,
    timeZone,
    from,
    to,
    earnings: {
      buckets,
      totals,
      previous: previousTotals,
      changePercent: previousTotals ? percentChange(totals.netCents, previousTotals.netCents) : null,
    },
    pending,
    supporters: {
      top,
      count: supporters.count,
      newCount: supporters.newCount,
      returningCount: supporters.count - supporters.newCount,
      averageGiftCents: ownGifts === 0 ? 0 : Math.round(ownGross / ownGifts),
    },
    visits: { days: [...visitDays.values()], totals: visitTotals },
    wishes: wishRows.slice(0, TOP_WISHES),
    unbought,
  };
}
