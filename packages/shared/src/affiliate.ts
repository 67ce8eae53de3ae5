import { z } from 'zod';
import { pageOf } from './paging';
import { Person } from './wallet';

/**
 * The affiliate page (/affiliate; product.md section 2, Affiliate; decision 131): the creators a user invited
 * with their invite link and the share of those creators' gifts and tips the user earned, by month.
 */

/** How many months, this one included, the earnings list covers. */
export const AFFILIATE_MONTHS = 12;

/** One invited creator: null person for an account without a public profile ("Anonymous"). */
export const InvitedCreator = z.object({
  creator: Person.nullable(),
  joinedAt: z.string(),
  /** The affiliate's share of this creator's gifts and tips, all time. */
  earnedCents: z.number().int().nonnegative(),
});
export type InvitedCreator = z.infer<typeof InvitedCreator>;
export const InvitedCreatorPage = pageOf(InvitedCreator);
export type InvitedCreatorPage = z.infer<typeof InvitedCreatorPage>;

/** A UTC month ("2026-12") with earnings: the share earned, and of how many gifts and tips. */
export const AffiliateMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  earnedCents: z.number().int().nonnegative(),
  giftCount: z.number().int().nonnegative(),
});
export type AffiliateMonth = z.infer<typeof AffiliateMonth>;

/** The last AFFILIATE_MONTHS months that had earnings, newest first, and the total of all time. */
export const AffiliateEarnings = z.object({
  months: z.array(AffiliateMonth),
  totalCents: z.number().int().nonnegative(),
});
export type AffiliateEarnings = z.infer<typeof AffiliateEarnings>;
