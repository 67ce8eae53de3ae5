import { sql } from 'drizzle-orm';
import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The sums the earnings roll-ups keep per kind: gross and net (fees are gross minus net) and a count. */
function earningColumns() {
  return {
    sourceId: text('source_id').notNull(),
    tipGross: bigint('tip_gross', { mode: 'number' }).notNull().default(0),
    tipNet: bigint('tip_net', { mode: 'number' }).notNull().default(0),
    tipCount: bigint('tip_count', { mode: 'number' }).notNull().default(0),
    wishGross: bigint('wish_gross', { mode: 'number' }).notNull().default(0),
    wishNet: bigint('wish_net', { mode: 'number' }).notNull().default(0),
    wishCount: bigint('wish_count', { mode: 'number' }).notNull().default(0),
    groupGross: bigint('group_gross', { mode: 'number' }).notNull().default(0),
    groupNet: bigint('group_net', { mode: 'number' }).notNull().default(0),
    groupCount: bigint('group_count', { mode: 'number' }).notNull().default(0),
    subscriptionGross: bigint('subscription_gross', { mode: 'number' }).notNull().default(0),
    subscriptionNet: bigint('subscription_net', { mode: 'number' }).notNull().default(0),
    subscriptionCount: bigint('subscription_count', { mode: 'number' }).notNull().default(0),
    affiliateNet: bigint('affiliate_net', { mode: 'number' }).notNull().default(0),
    affiliateCount: bigint('affiliate_count', { mode: 'number' }).notNull().default(0),
  };
}

/**
 * What a creator earned per UTC hour (decision 121): hours, so any time zone's days, weeks and months are
 * sums of whole rows. Kept by the insights_count_purchase trigger in the gift's own transaction.
 * `source_id` is the creator whose gift it was: the user themselves, or, for an affiliate share, the
 * invited creator; so every row is written only under that creator's purchase_counters lock, which the
 * gift holds already, and the roll-up adds no lock of its own.
 */
export const insightEarnings = pgTable(
  'insight_earnings',
  {
    userId: text('user_id').notNull(),
    hour: timestamp('hour', { withTimezone: false }).notNull(),
    ...earningColumns(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour, t.sourceId] })],
);

/**
 * The same sums per UTC day (decision 123): a long range reads whole UTC days and only the hours at each
 * local bucket's edges, so a year is about 400 rows, not 8,760.
 */
export const insightEarningDays = pgTable(
  'insight_earning_days',
  { userId: text('user_id').notNull(), day: date('day', { mode: 'string' }).notNull(), ...earningColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.sourceId] })],
);

/**
 * Who gave a creator what, per UTC day, per UTC month and in all (`period` 'day', 'month', 'all'; `starts`
 * 1970-01-01 for 'all'), with their first and latest gift. `visible_cents` is what the supporter gave under
 * their name: only those are ever named (architecture.md section 11). No index holds a sum, so the trigger's
 * updates stay heap-only (decision 123).
 */
export const insightSupporters = pgTable(
  'insight_supporters',
  {
    sellerId: text('seller_id').notNull(),
    period: text('period', { enum: ['day', 'month', 'all'] }).notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    buyerId: text('buyer_id').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    visibleCents: bigint('visible_cents', { mode: 'number' }).notNull(),
    gifts: bigint('gifts', { mode: 'number' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.period, t.starts, t.buyerId] })],
);

/**
 * A creator's top named supporters over the 12 months from `window_from`, or of all time (`window_from`
 * 1970-01-01), decision 142: kept by the `insight-top-supporters` job, which the roll-up trigger queues
 * after a gift, so those ranges read one row instead of summing or sorting a row per supporter.
 * `supporters` is the list, largest first, as of `computed_at` (when the sums were read): a write never
 * replaces a list read later than its own.
 */
export const insightTopSupporters = pgTable(
  'insight_top_supporters',
  {
    sellerId: text('seller_id').notNull(),
    windowFrom: date('window_from', { mode: 'string' }).notNull(),
    supporters: jsonb('supporters').$type<{ buyerId: string; cents: number; gifts: number }[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.windowFrom] })],
);

/**
 * How many of a creator's supporters gave their first and their latest gift on each UTC day (decision 123):
 * a range ending today has as supporters those whose latest gift falls in it, and as new ones those whose
 * first does, counted from at most one row per day. A gift moves its supporter's latest day (and, written
 * in the past, their first), so a count may go back to 0.
 */
export const insightSupporterDays = pgTable(
  'insight_supporter_days',
  {
    sellerId: text('seller_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    firsts: bigint('firsts', { mode: 'number' }).notNull().default(0),
    lasts: bigint('lasts', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] })],
);

/**
 * Purchases of each wish per UTC day, month and in all (`period`; `starts` 1970-01-01 for 'all'), kept by
 * the trigger, beside its views (insight_views), for its conversion over any range from few rows.
 */
export const insightWishSales = pgTable(
  'insight_wish_sales',
  {
    sellerId: text('seller_id').notNull(),
    period: text('period', { enum: ['day', 'month', 'all'] }).notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    wishId: text('wish_id').notNull(),
    purchases: bigint('purchases', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.period, t.starts, t.wishId] })],
);

/**
 * Page views per creator and UTC day, month and in all (decisions 122 and 123): `page` 'profile'
 * (/{handle}), 'wish' (/x/{id}, with `wish_id`) or 'share' (a shared tip or invite link opened); `wish_id`
 * is '' but for one wish's views, so a 'wish' row with '' is the day's views of all wishes (the chart reads
 * at most three rows a day). Written only by the visit counter's flush, apart from the purchase trigger's
 * tables, so the two never wait on each other.
 */
export const insightViews = pgTable(
  'insight_views',
  {
    creatorId: text('creator_id').notNull(),
    period: text('period', { enum: ['day', 'month', 'all'] }).notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    page: text('page', { enum: ['profile', 'wish', 'share'] }).notNull(),
    wishId: text('wish_id').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.period, t.starts, t.page, t.wishId] }),
    // The chart's rows apart from each wish's, which the key puts between them, read from the index alone:
    // all time is 3,285 rows (decision 143). `views` in it makes the flush's updates leave the heap page.
    index('insight_views_days_idx')
      .on(t.creatorId, t.starts, t.page, t.views)
      .where(sql`period = 'day' and wish_id = ''`),
  ],
);
