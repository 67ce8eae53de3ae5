import { z } from 'zod';
import { Person, Purchase, ReceivedItem } from './wallet';

/**
 * What /home shows beyond the signed-in user (product.md section 2, Home), in one answer: for a creator the
 * setup checklist's server-side items, this week's earnings beside last week's, the latest supporters and
 * unread conversations; for everyone their recent gifts, the creators they support and their balance.
 */
export const HomeSummary = z.object({
  isCreator: z.boolean(),
  checklist: z.object({
    hasPhoto: z.boolean(),
    hasBanner: z.boolean(),
    hasWish: z.boolean(),
    hasPayouts: z.boolean(),
    isLinkShared: z.boolean(),
  }),
  /** Net earnings per local day of the last 7 days (oldest first), and the sums of this week and the last. */
  week: z.object({
    days: z.array(z.object({ day: z.string(), cents: z.number().int() })),
    thisWeekCents: z.number().int(),
    lastWeekCents: z.number().int(),
  }),
  latestReceived: z.array(ReceivedItem),
  unreadConversations: z.number().int(),
  recentPurchases: z.array(Purchase),
  supportedCreators: z.array(Person),
  balanceCents: z.number().int(),
});
export type HomeSummary = z.infer<typeof HomeSummary>;

export const HomeQuery = z.object({ tz: z.string().min(1).max(64).default('UTC') });
