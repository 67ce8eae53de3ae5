import type { InboxEventKind } from '@sweetwish/shared/inbox';
import type { Database } from '../db/client';
import { recordInboxEvent } from '../modules/inbox/service';
import type { QueuedNotification } from '../modules/notify/service';
import type { NotificationText } from '../modules/notify/texts';

/**
 * Which inbox row each notification kind becomes (decision 130). A new notification kind is added here,
 * one line: the compiler asks for it, and its job then writes the inbox event with no other change.
 */
const INBOX_KIND_OF = {
  gift: 'gift',
  gifts_summary: 'gift',
  gift_reversed: 'gift',
  message: 'message',
  group_gift: 'group_gift',
  subscription_failed: 'subscription',
  subscription_lapsed: 'subscription',
  webhook_disabled: 'webhook',
  moderation_notice: 'moderation',
  purchase_receipt: 'receipt',
  contribution_receipt: 'receipt',
  top_up_receipt: 'receipt',
  renewal_reminder: 'subscription',
} satisfies Record<QueuedNotification['kind'], InboxEventKind>;

/**
 * Writes a notification into its user's inbox, from the notification's own job: keyed by the notification,
 * so a retried run writes nothing more. Written whether or not the SMS or e-mail goes out (the settings turn
 * those off, not the inbox); `isRead` when the user saw it already (a message read in the meantime).
 */
export async function recordNotificationInInbox(
  db: Database,
  row: Pick<QueuedNotification, 'id' | 'userId' | 'kind'>,
  message: Pick<NotificationText, 'summary' | 'path'>,
  options: { isRead?: boolean } = {},
): Promise<void> {
  await recordInboxEvent(db, {
    userId: row.userId,
    eventKey: `notification:${row.id}`,
    kind: INBOX_KIND_OF[row.kind],
    text: message.summary,
    path: message.path,
    isRead: options.isRead ?? false,
  });
}
