import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { conversations } from '../chat/tables';
import { purchases } from '../gifts/tables';

export const NOTIFICATION_KINDS = ['gift', 'message', 'gift_reversed'] as const;

/**
 * pending: waiting (until not_before); claimed: a worker took it and may still give it back (claimed_until);
 * sending: handed to the SMS or e-mail provider; sent; skipped (turned off, already read, no such user);
 * failed (the provider kept refusing); unknown (the worker stopped while the provider had it: never sent
 * again, so nothing is sent twice).
 */
export const NOTIFICATION_STATUSES = ['pending', 'claimed', 'sending', 'sent', 'skipped', 'failed', 'unknown'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * The durable queue of notifications (design.md sections 5 and 10): a row is written in the transaction of
 * the gift or message it tells of, and sent by a background worker, so a crash after the commit loses nothing.
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
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    /** Provider calls made (a failed one is retried later, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    /** The worker holding a claimed or sending row, and until when; past it, the row is recovered. */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_due_idx').on(t.notBefore).where(sql`${t.status} = 'pending'`),
    index('notifications_claimed_idx').on(t.claimedUntil).where(sql`${t.status} in ('claimed', 'sending')`),
    index('notifications_conversation_idx').on(t.userId, t.conversationId, t.createdAt),
    check('notifications_subject', sql`(${t.kind} in ('gift', 'gift_reversed')) = (${t.purchaseId} is not null)`),
    check('notifications_conversation', sql`(${t.kind} = 'message') = (${t.conversationId} is not null)`),
  ],
);
