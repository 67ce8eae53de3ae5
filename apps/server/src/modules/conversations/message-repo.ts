import type { MessageType } from '@sweetwish/shared/conversation-rules';
import { and, asc, desc, eq, gt, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isParticipant } from './repo';
import { conversations, messages } from './tables';

/** A text to cut a conversation's preview from: the list shows one line of it. */
const PREVIEW_LENGTH = 200;

/**
 * Adds a message: takes the conversation's lock with the update that gives the message its number and the
 * conversation its new version, time and preview (so numbers follow commit order), and marks it read for
 * its sender. Undefined when the conversation is not the sender's.
 */
export async function insertMessage(
  db: Database,
  message: {
    id: string;
    conversationId: string;
    senderId: string;
    type: Exclude<MessageType, 'purchase'>;
    content?: string;
    image?: { imageKey: string; thumbKey: string; blurhash: string; width: number; height: number };
  },
) {
  const { conversationId, senderId } = message;
  const preview = message.type === 'text' ? (message.content ?? '').slice(0, PREVIEW_LENGTH) : null;
  // The clock never goes back within a conversation, so sentAt follows the numbers too.
  const now = sql`greatest(${conversations.updatedAt}, clock_timestamp())`;
  const [clock] = await db
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      version: sql`${conversations.version} + 1`,
      updatedAt: now,
      lastMessageType: message.type,
      lastMessageText: preview,
      lastMessageSenderId: senderId,
      buyerSeenAt: sql`case when ${conversations.buyerId} = ${senderId} then ${now} else ${conversations.buyerSeenAt} end`,
      recipientSeenAt: sql`case when ${conversations.recipientId} = ${senderId} then ${now} else ${conversations.recipientSeenAt} end`,
    })
    .where(and(eq(conversations.id, conversationId), isParticipant(senderId)))
    .returning({
      seq: conversations.lastSeq,
      version: conversations.version,
      sentAt: conversations.updatedAt,
      buyerId: conversations.buyerId,
      recipientId: conversations.recipientId,
    });
  if (!clock) return undefined;
  await db.insert(messages).values({
    id: message.id,
    conversationId,
    seq: clock.seq,
    version: clock.version,
    senderId,
    type: message.type,
    content: message.content ?? null,
    ...(message.image && {
      imageKey: message.image.imageKey,
      thumbKey: message.image.thumbKey,
      blurhash: message.image.blurhash,
      imageWidth: message.image.width,
      imageHeight: message.image.height,
    }),
    sentAt: clock.sentAt,
  });
  return clock;
}

const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  version: messages.version,
  senderId: messages.senderId,
  type: messages.type,
  content: messages.content,
  imageKey: messages.imageKey,
  thumbKey: messages.thumbKey,
  blurhash: messages.blurhash,
  imageWidth: messages.imageWidth,
  imageHeight: messages.imageHeight,
  unlockedAt: messages.unlockedAt,
  buyerReaction: messages.buyerReaction,
  recipientReaction: messages.recipientReaction,
  sentAt: messages.sentAt,
  hiddenAt: messages.hiddenAt,
};
export type MessageRow = Awaited<ReturnType<typeof findMessage>> & {};

export async function findMessage(db: Database, conversationId: string, messageId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId)));
  return row;
}

/** The newest `limit` messages before `before` (or the newest of all), newest first. */
export async function listMessagesBefore(
  db: Database,
  conversationId: string,
  before: number | undefined,
  limit: number,
) {
  return db
    .select(messageColumns)
    .from(messages)
    .where(
      and(eq(messages.conversationId, conversationId), before === undefined ? undefined : lt(messages.seq, before)),
    )
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** Messages that changed after a version, oldest first. */
export async function listMessagesChangedSince(db: Database, conversationId: string, since: number, limit: number) {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.version, since)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

/**
 * Changes one message under the conversation's lock, giving it the conversation's next version: a reaction
 * or an unlock. `set` gets the new version. Undefined (and nothing changed) when `where` matches no message.
 */
export async function updateMessage(
  db: Database,
  conversationId: string,
  messageId: string,
  change: (version: number) => Partial<typeof messages.$inferInsert>,
  where?: ReturnType<typeof and>,
) {
  const [clock] = await db
    .update(conversations)
    .set({ version: sql`${conversations.version} + 1` })
    .where(eq(conversations.id, conversationId))
    .returning({ version: conversations.version });
  if (!clock) return undefined;
  const [row] = await db
    .update(messages)
    .set(change(clock.version))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId), where))
    .returning(messageColumns);
  // Nothing to change: the caller's transaction rolls the version back with it.
  return row;
}

export function isUnlockable(viewerId: string) {
  return and(eq(messages.type, 'image'), sql`${messages.senderId} <> ${viewerId}`);
}

/** Detaches the images a user sent from their messages; answers their storage keys (to delete after commit). */
export async function removeImagesSentBy(db: Database, userId: string) {
  const old = db
    .select({ id: messages.id, imageKey: messages.imageKey, thumbKey: messages.thumbKey })
    .from(messages)
    .where(and(eq(messages.senderId, userId), isNotNull(messages.imageKey)))
    .for('update');
  const rows = await old;
  if (rows.length > 0) {
    await db
      .update(messages)
      .set({ imageKey: null, thumbKey: null })
      .where(and(eq(messages.senderId, userId), isNotNull(messages.imageKey)));
  }
  return rows;
}

/** Whether `key` is a message image or thumbnail in `conversationId`: a condition for the upload sweeper (media/repo.ts), which asks in one statement whether anything refers to a file. */
export function isMessageImage(conversationId: SQL, key: SQL): SQL {
  return sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversationId}
                     and (${messages.imageKey} = ${key} or ${messages.thumbKey} = ${key}))`;
}

/** The conversation's preview no longer quotes a message a moderator hid (when it was the last one). */
export async function forgetLastMessageText(db: Database, conversationId: string, seq: number) {
  await db
    .update(conversations)
    .set({ lastMessageText: null })
    .where(and(eq(conversations.id, conversationId), eq(conversations.lastSeq, seq)));
}
