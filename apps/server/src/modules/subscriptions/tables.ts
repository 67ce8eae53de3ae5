import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { purchases } from '../gifts/tables';
import { wishes } from '../wishes/tables';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'ended'] as const;

/**
 * A fan's monthly subscription to a subscription wish (decision 034). active: renews on its day;
 * past_due: the renewal failed and is tried again daily; canceled: runs to the end of the paid month;
 * ended: no longer runs (canceled and over, lapsed, or the wish or creator went). Month n (0 first) runs
 * from started_at + n months (same day, or the month's last) to started_at + n + 1 months.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    wishId: text('wish_id')
      .notNull()
      .references(() => wishes.id),
    /** The wish as it was when subscribing, as a purchase keeps it: its renewals are recorded under it. */
    wishName: text('wish_name').notNull(),
    wishImage: text('wish_image'),
    /** The monthly price when subscribing: a later price change applies to new subscribers only. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** A single-subscriber wish (repeats off when subscribing): one such subscription at a time. */
    isExclusive: boolean('is_exclusive').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** The first charge; every renewal day is counted from it. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Months paid for: the next renewal is due at started_at + periods_paid months. */
    periodsPaid: integer('periods_paid').notNull().default(1),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['canceled', 'lapsed', 'unavailable'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Already subscribed: one running subscription per fan and wish.
    uniqueIndex('subscriptions_fan_wish_running').on(t.fanId, t.wishId).where(sql`${t.status} <> 'ended'`),
    // A single-subscriber wish is taken until its subscription ends.
    uniqueIndex('subscriptions_exclusive_wish').on(t.wishId).where(sql`${t.isExclusive} and ${t.status} <> 'ended'`),
    index('subscriptions_creator_idx').on(t.creatorId, t.createdAt),
    index('subscriptions_fan_idx').on(t.fanId, t.createdAt),
    check('subscriptions_price_positive', sql`${t.priceCents} > 0`),
    check('subscriptions_not_to_self', sql`${t.fanId} <> ${t.creatorId}`),
    check('subscriptions_periods', sql`${t.periodsPaid} >= 0`),
  ],
);

/**
 * One month's charge: written in the transaction of its ledger transfer and purchase row, so a renewal run
 * again (a crash after the commit, a second instance) finds the month paid. The primary key is the guard.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodIndex: integer('period_index').notNull(),
    purchaseId: text('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.periodStart] })],
);
