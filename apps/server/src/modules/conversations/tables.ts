import { MESSAGE_MAX, MESSAGE_TYPES, REACTIONS } from '@sweetwish/shared/conversation-rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { purchases } from '../gifts/tables';

/**
 * One conversation per purchase, between its buyer and its recipient only (product.md section 3). The row is
 * also the conversation's clock: every message and every change to one takes the row's lock to get the next
 * `last_seq` and `version`, so numbers follow commit order and a reader paging by them never repeats or
 * skips a message.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    /** Exactly one conversation per purchase, whoever asks for it first and however many ask at once. */
    purchaseId: text('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id),
    /** Copied from the purchase: the recipient sees "Anonymous" and no link to the buyer. */
    isBuyerAnonymous: boolean('is_buyer_anonymous').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    lastMessageType: text('last_message_type', { enum: MESSAGE_TYPES }),
    /** The last message's text (cut short) or a purchase's summary; null for an image. */
    lastMessageText: text('last_message_text'),
    lastMessageSenderId: text('last_message_sender_id'),
    buyerSeenAt: timestamp('buyer_seen_at', { withTimezone: true }),
    recipientSeenAt: timestamp('recipient_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last message arrived: later than a participant's seenAt means unread for them. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_buyer_idx').on(t.buyerId, t.updatedAt),
    index('conversations_recipient_idx').on(t.recipientId, t.updatedAt),
    check('conversations_two_people', sql`${t.buyerId} <> ${t.recipientId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id),
    seq: integer('seq').notNull(),
    /** The conversation's version when the message last changed. */
    version: bigint('version', { mode: 'number' }).notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    content: text('content'),
    /** Storage keys of the re-encoded image and its thumbnail: private, served only to the participants. */
    imageKey: text('image_key'),
    thumbKey: text('thumb_key'),
    blurhash: text('blurhash'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** When the participant who did not send the image unlocked it (remembered for every device). */
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    buyerReaction: text('buyer_reaction', { enum: REACTIONS }),
    recipientReaction: text('recipient_reaction', { enum: REACTIONS }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by a moderator (decision 028): shown as removed, its text and image never answered again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    index('messages_conversation_version_idx').on(t.conversationId, t.version),
    check('messages_content_length', sql`char_length(${t.content}) <= ${sql.raw(String(MESSAGE_MAX))}`),
    check('messages_text_has_content', sql`${t.type} <> 'text' or ${t.content} is not null`),
  ],
);
