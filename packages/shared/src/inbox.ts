import { z } from 'zod';
import { PAGE_LIMIT_MAX, pageOf } from './paging';

/**
 * The inbox (product.md section 2, Inbox; decision 130): what happened to the signed-in user, newest first,
 * each event with its time and the page it leads to. The same events the notifications tell of, and
 * moderation outcomes and payouts.
 */

/** What an event is about: it picks the row's icon. */
export const INBOX_EVENT_KINDS = [
  'gift',
  'message',
  'group_gift',
  'subscription',
  'payout',
  'moderation',
  'webhook',
  'receipt',
] as const;
export type InboxEventKind = (typeof INBOX_EVENT_KINDS)[number];

export const InboxEvent = z.object({
  id: z.string(),
  kind: z.enum(INBOX_EVENT_KINDS),
  /** One sentence: who did what ("Ana sent you a $5.00 tip."). */
  text: z.string(),
  /** Where it leads on this site (`/received/item/...`). */
  path: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type InboxEvent = z.infer<typeof InboxEvent>;
export const InboxPage = pageOf(InboxEvent);
export type InboxPage = z.infer<typeof InboxPage>;

/** The bell's number: the user's events not read yet. */
export const InboxUnread = z.object({ unreadCount: z.number().int().nonnegative() });
export type InboxUnread = z.infer<typeof InboxUnread>;

export const INBOX_MESSAGES = {
  badIds: `Must be 1 to ${PAGE_LIMIT_MAX} event ids`,
} as const;

/** POST /api/inbox/read: the events the user saw (a page at most); others' ids change nothing. */
export const MarkInboxReadInput = z.object({
  ids: z
    .array(z.string().min(1).max(64), { error: INBOX_MESSAGES.badIds })
    .min(1, INBOX_MESSAGES.badIds)
    .max(PAGE_LIMIT_MAX, INBOX_MESSAGES.badIds),
});
export type MarkInboxReadInput = z.infer<typeof MarkInboxReadInput>;
