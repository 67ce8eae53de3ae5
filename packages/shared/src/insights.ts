import { z } from 'zod';
import { Person, PurchasedProduct } from './wallet';

/**
 * A creator's insights (product.md section 2, Insights): earnings over time by kind, the pending amount
 * clearing on each coming day, supporters, visits and what converts; from roll-ups (decision 121).
 */

export const INSIGHT_RANGES = ['7d', '30d', '12m', 'all'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const INSIGHT_BUCKETS = ['day', 'week', 'month'] as const;
export type InsightBucket = (typeof INSIGHT_BUCKETS)[number];
export const EARNING_KINDS = ['tip', 'wish', 'group', 'subscription', 'affiliate'] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];

export const EARNING_KIND_LABELS: Record<EarningKind, string> = {
  tip: 'Tips',
  wish: 'Wishes',
  group: 'Group gifts',
  subscription: 'Subscriptions',
  affiliate: 'Affiliate shares',
};
export const RANGE_LABELS: Record<InsightRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '12m': '12 months',
  all: 'All time',
};

/** The bucket a range is drawn in unless the creator picks another. */
export function defaultBucket(range: InsightRange): InsightBucket {
  return range === '7d' || range === '30d' ? 'day' : 'month';
}

export const INSIGHT_MESSAGES = {
  unknownTimeZone: 'Unknown time zone',
  bucketTooSmall: 'Pick weeks or months for this range',
} as const;

export const InsightsQuery = z.object({
  range: z.enum(INSIGHT_RANGES).default('30d'),
  by: z.enum(INSIGHT_BUCKETS).optional(),
  /** An IANA time zone (the browser's); days, weeks and months are the creator's own. */
  tz: z.string().min(1).max(64).default('UTC'),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

const Cents = z.number().int();
const KindAmounts = z.object({ grossCents: Cents, netCents: Cents, count: z.number().int().nonnegative() });

/** One day, week or month (its first local day, YYYY-MM-DD), with gross and net per kind. */
export const EarningsBucket = z.object({
  start: z.string(),
  kinds: z.object({
    tip: KindAmounts,
    wish: KindAmounts,
    group: KindAmounts,
    subscription: KindAmounts,
    affiliate: KindAmounts,
  }),
});
export type EarningsBucket = z.infer<typeof EarningsBucket>;

export const EarningsTotals = z.object({ grossCents: Cents, feesCents: Cents, netCents: Cents, count: z.number() });
export type EarningsTotals = z.infer<typeof EarningsTotals>;

export const Insights = z.object({
  range: z.enum(INSIGHT_RANGES),
  by: z.enum(INSIGHT_BUCKETS),
  timeZone: z.string(),
  /** The range's first and last local day. */
  from: z.string(),
  to: z.string(),
  earnings: z.object({
    buckets: z.array(EarningsBucket),
    totals: EarningsTotals,
    previous: EarningsTotals.nullable(),
    /** Net against the previous period of the same length, in percent; null without one or from zero. */
    changePercent: z.number().nullable(),
  }),
  /** Earnings still pending, by the local day they clear on. */
  pending: z.array(z.object({ day: z.string(), cents: Cents })),
  supporters: z.object({
    /** Named only when they gave under their name; what they gave anonymously is not shown. */
    top: z.array(z.object({ person: Person, cents: Cents, gifts: z.number().int() })),
    count: z.number().int(),
    newCount: z.number().int(),
    returningCount: z.number().int(),
    averageGiftCents: Cents,
  }),
  visits: z.object({
    days: z.array(z.object({ day: z.string(), profile: z.number(), wish: z.number(), share: z.number() })),
    totals: z.object({ profile: z.number(), wish: z.number(), share: z.number() }),
  }),
  wishes: z.array(
    z.object({
      wish: PurchasedProduct,
      views: z.number(),
      purchases: z.number(),
      /** Purchases per view, in percent; null without views. */
      conversionPercent: z.number().nullable(),
    }),
  ),
  /** The most viewed wishes on the list that nobody bought yet. */
  unbought: z.array(z.object({ wish: PurchasedProduct, views: z.number() })),
});
export type Insights = z.infer<typeof Insights>;
