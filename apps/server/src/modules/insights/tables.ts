import { bigint, date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a creator earned per UTC hour (decision 121): hours, so any time zone's days, weeks and months are
 * sums of whole rows. Kept by the insights_count_purchase trigger in the gift's own transaction.
 * `source_id` is the creator whose gift it was: the user themselves, or, for an affiliate share, the
 * invited creator; so every row is written only under that creator's purchase_counters lock, which the
 * gift holds already, and the roll-up adds no lock of its own.
 * Gross and net per kind; fees are gross minus net.
 */
export const insightEarnings = pgTable(
  'insight_earnings',
  {
    userId: text('user_id').notNull(),
    hour: timestamp('hour', { withTimezone: false }).notNull(),
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour, t.sourceId] })],
);

/**
 * Who gave a creator what, per UTC day, per UTC month and in all (`period` 'day', 'month', 'all'; `starts`
 * 1970-01-01 for 'all'), so a range's top supporters read at most a month's rows per month. `visible_cents`
 * is what the supporter gave under their name: only those are ever named (architecture.md section 11).
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
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.period, t.starts, t.buyerId] })],
);

/** Purchases of each wish per UTC day (the trigger), beside its views (insight_views), for its conversion. */
export const insightWishSales = pgTable(
  'insight_wish_sales',
  {
    sellerId: text('seller_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    wishId: text('wish_id').notNull(),
    purchases: bigint('purchases', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.wishId] })],
);

/**
 * Page views per creator and UTC day (decision 122): `page` 'profile' (/{handle}), 'wish' (/x/{id}, with
 * `wish_id`) or 'share' (a shared tip or invite link opened); `wish_id` is '' but for wishes. Written only
 * by the visit counter's flush, apart from the purchase trigger's tables, so the two never wait on each other.
 */
export const insightViews = pgTable(
  'insight_views',
  {
    creatorId: text('creator_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page', { enum: ['profile', 'wish', 'share'] }).notNull(),
    wishId: text('wish_id').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day, t.page, t.wishId] })],
);
