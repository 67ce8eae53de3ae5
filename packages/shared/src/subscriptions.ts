import { z } from 'zod';
import { OptionalGiftMessage } from './gift-messages';

/** Subscription wishes: a monthly price paid from the token wallet (issue 20, item 2; decision 034). */

/** Days the renewal is tried again after the renewal day before the subscription lapses. */
export const SUBSCRIPTION_RETRY_DAYS = 3;

/** Days before a renewal that its fan is reminded of it (decision 091). */
export const RENEWAL_REMINDER_DAYS = 3;

export const SUBSCRIPTION_MESSAGES = {
  ownWish: 'You cannot subscribe to your own wish',
  notSubscription: 'This wish is not a subscription',
  isSubscription: 'This wish is a subscription: subscribe to it instead',
  archived: 'This wish has been archived',
  alreadySubscribed: 'You are already subscribed to this wish',
  taken: 'Someone is already subscribed to this wish. Only one person is allowed to subscribe at a time.',
  missing: 'Subscription does not exist.',
  notActive: 'This subscription is already canceled',
  subscribed: 'Subscribed!',
  canceled: 'Subscription canceled',
} as const;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `start` plus `months` calendar months (UTC), on the same day of the month, or the month's last day when
 * it is shorter: Jan 31 + 1 = Feb 28 (29 in a leap year), Jan 31 + 2 = Mar 31. Always counted from the
 * first charge, so a short month never moves later renewals earlier.
 */
export function addMonths(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(targetYear, targetMonth));
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

export const SubscribeInput = z
  .object({
    wishId: z.string().min(1).max(64),
    /** The fan's message with the first month (decision 100); renewals carry none. */
    message: OptionalGiftMessage,
  })
  .meta({ id: 'SubscribeInput' });
export type SubscribeInput = z.infer<typeof SubscribeInput>;

const Person = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
});

/** A fan's subscription, as the fan sees it. */
export const Subscription = z
  .object({
    id: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** The monthly price, fixed when subscribing. */
    priceCents: z.number().int().positive(),
    wish: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
    creator: Person,
    startedAt: z.iso.datetime(),
    /** The end of the paid month: the next charge while active, the end of access once canceled. */
    paidUntil: z.iso.datetime(),
    /** When the next charge is made (or tried again); null once canceled or ended. */
    nextChargeAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionList = z.object({ items: z.array(Subscription) }).meta({ id: 'SubscriptionList' });
export type SubscriptionList = z.infer<typeof SubscriptionList>;

/** One subscriber of a creator's: the fan's public identity (null without a public profile). */
export const Subscriber = z
  .object({
    id: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    priceCents: z.number().int().positive(),
    wish: z.object({ id: z.string(), name: z.string() }),
    fan: Person.nullable(),
    startedAt: z.iso.datetime(),
    nextChargeAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscriberList = z
  .object({
    items: z.array(Subscriber),
    /** What the subscriptions that renew (active or retrying) bring each month, gross. */
    monthlyTotalCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'SubscriberList' });
export type SubscriberList = z.infer<typeof SubscriberList>;

/** What the wish page needs: whether the viewer subscribes, and whether a single-subscriber wish is taken. */
export const WishSubscriptionState = z
  .object({ mine: Subscription.nullable(), isTaken: z.boolean() })
  .meta({ id: 'WishSubscriptionState' });
export type WishSubscriptionState = z.infer<typeof WishSubscriptionState>;

/** A charge or end date as the screens show it ("February 28, 2027"), in UTC as the renewal days are counted. */
export function formatChargeDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
