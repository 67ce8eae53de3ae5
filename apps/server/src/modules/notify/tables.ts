import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { topUps } from '../checkout/tables';
import { conversations } from '../conversations/tables';
import { purchases } from '../gifts/tables';
import { groupGiftContributions } from '../group-gifts/tables';
import { moderationActions } from '../safety/tables';
import { subscriptions } from '../subscriptions/tables';
import { webhookEndpoints } from '../webhooks/tables';

export const NOTIFICATION_KINDS = [
  'gift',
  // To a creator: the gifts received since the last gift notice, when that was under 10 minutes ago (decision 038).
  'gifts_summary',
  'message',
  'gift_reversed',
  // To a creator whose webhook endpoint kept failing and was paused (decisions 032 and 055).
  'webhook_disabled',
  // To a creator, once, when a group gift is funded (decision 033).
  'group_gift',
  // To a fan: a renewal found the wallet short (tried again daily), or the subscription lapsed (decision 034).
  'subscription_failed',
  'subscription_lapsed',
  // To the owner of content a moderator hid, or of an account suspended or let back in (decision 135).
  'moderation_notice',
  // To the payer, once per payment (decision 091): a gift, tip, subscription's month (by post_gifts())...
  'purchase_receipt',
  // ...a group-gift contribution, a top-up credited by the card provider's webhook...
  'contribution_receipt',
  'top_up_receipt',
  // ...and to a fan, three days before their subscription renews.
  'renewal_reminder',
] as const;

/**
 * pending: waiting for its job (not before not_before); sending: handed to the SMS or e-mail provider; sent;
 * skipped (turned off, already read, no such user); failed (the provider kept refusing); unknown (the
 * runner stopped while the provider had it: never sent again, so nothing is sent twice).
 */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed', 'unknown'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * The durable record of notifications (architecture.md sections 5 and 10): a row is written in the transaction of
 * the gift or message it tells of, and a trigger queues its job (`notification`, run at not_before) in the
 * same statement, so a crash after the commit loses nothing. The job runner sends it (worker.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    purchaseId: text('purchase_id').references(() => purchases.id),
    conversationId: text('conversation_id').references(() => conversations.id),
    /** webhook_disabled: the endpoint turned off after failing for 5 days (gone if deleted since). */
    webhookEndpointId: text('webhook_endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    /** moderation_notice: the moderator's action it tells of (the audit log's row). */
    moderationActionId: text('moderation_action_id').references(() => moderationActions.id),
    /** top_up_receipt: the top-up paid. */
    topUpId: text('top_up_id').references(() => topUps.id),
    /** contribution_receipt: the group-gift contribution made. */
    contributionId: text('contribution_id').references(() => groupGiftContributions.id),
    /** gifts_summary: it tells of the recipient's gifts numbered after this (purchases.seller_seq)... */
    giftSeqAfter: integer('gift_seq_after'),
    /** ...up to this one, fixed by the worker when it sends (null until then: later gifts join it). */
    giftSeqUntil: integer('gift_seq_until'),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    /** Provider calls made (a failed one is retried later, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before: its job's first run_at (a message notification waits to see if it is read). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_conversation_idx').on(t.userId, t.conversationId, t.createdAt),
    // queue_gift_notice(): a creator's latest gift notice.
    index('notifications_gift_notice_idx')
      .on(t.userId, t.notBefore.desc(), t.id.desc())
      .where(sql`${t.kind} in ('gift', 'gifts_summary')`),
    // A payment's receipt is written once, whatever runs the payment's code again (decision 091).
    uniqueIndex('notifications_purchase_receipt_idx').on(t.purchaseId).where(sql`${t.kind} = 'purchase_receipt'`),
    uniqueIndex('notifications_top_up_receipt_idx').on(t.topUpId),
    uniqueIndex('notifications_contribution_receipt_idx').on(t.contributionId),
    // One reminder per subscription and renewal day.
    uniqueIndex('notifications_renewal_reminder_idx')
      .on(t.subscriptionId, t.notBefore)
      .where(sql`${t.kind} = 'renewal_reminder'`),
    check(
      'notifications_subject',
      sql`(${t.kind} in ('gift', 'gift_reversed', 'group_gift', 'purchase_receipt')) = (${t.purchaseId} is not null)`,
    ),
    check('notifications_top_up', sql`(${t.kind} = 'top_up_receipt') = (${t.topUpId} is not null)`),
    check('notifications_contribution', sql`(${t.kind} = 'contribution_receipt') = (${t.contributionId} is not null)`),
    check('notifications_conversation', sql`(${t.kind} = 'message') = (${t.conversationId} is not null)`),
    check('notifications_gifts_summary', sql`(${t.kind} = 'gifts_summary') = (${t.giftSeqAfter} is not null)`),
    check(
      'notifications_subscription',
      sql`(${t.kind} in ('subscription_failed', 'subscription_lapsed', 'renewal_reminder')) = (${t.subscriptionId} is not null)`,
    ),
    check('notifications_moderation', sql`(${t.kind} = 'moderation_notice') = (${t.moderationActionId} is not null)`),
    // One notice per moderator's action, whatever runs the action's code again.
    uniqueIndex('notifications_moderation_idx').on(t.moderationActionId),
  ],
);
