import type { MessageType } from '@sweetwish/shared/conversation-rules';
import { and, asc, desc, eq, gt, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Change, notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../accounts/people';
import { conversations, messages } from './tables';

const buyer = people('buyer');
const recipient = people('recipient');

const personColumns = (person: typeof buyer | typeof recipient) => ({
  id: person.id,
  handle: person.handle,
  displayName: person.displayName,
  photoUrl: person.photoUrl,
  deletedAt: person.deletedAt,
});

const conversationColumns = {
  id: conversations.id,
  purchaseId: conversations.purchaseId,
  buyerId: conversations.buyerId,
  recipientId: conversations.recipientId,
  isBuyerAnonymous: conversations.isBuyerAnonymous,
  version: conversations.version,
  lastMessageType: conversations.lastMessageType,
  lastMessageText: conversations.lastMessageText,
  lastMessageSenderId: conversations.lastMessageSenderId,
  buyerSeenAt: conversations.buyerSeenAt,
  recipientSeenAt: conversations.recipientSeenAt,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  buyer: personColumns(buyer),
  recipient: personColumns(recipient),
  pageKey: keyTime(conversations.updatedAt),
};

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findUserConversation>>>;

const isParticipant = (userId: string) => or(eq(conversations.buyerId, userId), eq(conversations.recipientId, userId));

function userConversations(db: Database, userId: string, where: SQL | undefined) {
  return db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(recipient, eq(recipient.id, conversations.recipientId))
    .where(and(isParticipant(userId), where));
}

/**
 * A page of a user's conversations, most recently active first, with both participants' public identity;
 * one row more tells that more follow.
 */
export async function listUserConversations(db: Database, userId: string, page: PageRequest) {
  return userConversations(db, userId, afterKeyset(conversations.updatedAt, conversations.id, page.after))
    .orderBy(...newestFirst(conversations.updatedAt, conversations.id))
    .limit(page.limit + 1);
}

/** One conversation the user takes part in. */
export async function findUserConversation(db: Database, userId: string, id: string) {
  const [row] = await userConversations(db, userId, eq(conversations.id, id));
  return row;
}

export async function findConversationIdOfPurchase(db: Database, purchaseId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.purchaseId, purchaseId));
  return row?.id;
}

/**
 * Creates the purchase's conversation with its first message, the purchase message, unless it has one:
 * the unique purchase_id decides between callers racing to create it. Returns whether this call created it.
 */
export async function insertConversation(
  db: Database,
  values: {
    id: string;
    purchaseId: string;
    buyerId: string;
    recipientId: string;
    isBuyerAnonymous: boolean;
    creatorId: string;
    messageId: string;
    purchaseSummary: string;
  },
): Promise<boolean> {
  const isBuyer = values.creatorId === values.buyerId;
  const inserted = await db
    .insert(conversations)
    .values({
      id: values.id,
      purchaseId: values.purchaseId,
      buyerId: values.buyerId,
      recipientId: values.recipientId,
      isBuyerAnonymous: values.isBuyerAnonymous,
      lastSeq: 1,
      version: 1,
      lastMessageType: 'purchase',
      lastMessageText: values.purchaseSummary,
      lastMessageSenderId: values.buyerId,
      // Whoever opens it has seen it; the other side has a new conversation waiting.
      ...(isBuyer ? { buyerSeenAt: sql`now()` } : { recipientSeenAt: sql`now()` }),
    })
    .onConflictDoNothing({ target: conversations.purchaseId })
    .returning({ id: conversations.id });
  if (inserted.length === 0) return false;
  await db.insert(messages).values({
    id: values.messageId,
    conversationId: values.id,
    seq: 1,
    version: 1,
    senderId: values.buyerId,
    type: 'purchase',
  });
  return true;
}

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

export async function findConversationVersion(db: Database, conversationId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: conversations.version })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.version;
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

/**
 * Marks the conversation read for a participant up to its last message. The update waits for a message
 * being sent to commit first (the row's lock), so a reader never marks unread what they could not see.
 * False when it was read already (nothing written, nobody told).
 */
export async function markConversationSeen(db: Database, conversationId: string, userId: string): Promise<boolean> {
  const rows = await queryRows<{ buyer_id: string; recipient_id: string }>(
    db,
    sql`update conversations set
      buyer_seen_at = case when buyer_id = ${userId} then updated_at else buyer_seen_at end,
      recipient_seen_at = case when recipient_id = ${userId} then updated_at else recipient_seen_at end
    where id = ${conversationId}
      and ((buyer_id = ${userId} and (buyer_seen_at is null or buyer_seen_at < updated_at))
        or (recipient_id = ${userId} and (recipient_seen_at is null or recipient_seen_at < updated_at)))
    returning buyer_id, recipient_id`,
  );
  return rows.length > 0;
}

/** Whether the conversation has a message the user has not read yet. */
export async function isConversationUnread(db: Database, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ is_unread: boolean }>(
    db,
    sql`select (case when buyer_id = ${userId} then buyer_seen_at else recipient_seen_at end) is null
        or (case when buyer_id = ${userId} then buyer_seen_at else recipient_seen_at end) < updated_at as is_unread
      from conversations where id = ${conversationId}`,
  );
  return row?.is_unread ?? false;
}

/** Whether the user has any conversation, and how many have a message they have not read. */
export async function summariseConversations(db: Database, userId: string) {
  const [row] = await queryRows<{ has_conversations: boolean; unseen: string }>(
    db,
    sql`select
      exists (select 1 from conversations where buyer_id = ${userId} or recipient_id = ${userId}) as has_conversations,
      (select count(*) from conversations where buyer_id = ${userId} and (buyer_seen_at is null or buyer_seen_at < updated_at))
      + (select count(*) from conversations where recipient_id = ${userId} and (recipient_seen_at is null or recipient_seen_at < updated_at))
        as unseen`,
  );
  return { hasConversations: row?.has_conversations ?? false, unseenConversations: Number(row?.unseen ?? 0) };
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

/** Tells both participants at commit: their lists (and unread counts), and the messages when they changed. */
export async function notifyParticipants(
  db: Database,
  conversation: { id: string; buyerId: string; recipientId: string },
  topics: readonly ('conversations' | 'messages')[],
) {
  for (const userId of [conversation.buyerId, conversation.recipientId]) {
    for (const topic of topics) {
      const change: Change = { topic, userId, conversationId: conversation.id };
      await notifyChange(db, change);
    }
  }
}

/** Tells every buyer in a creator's conversations to look again: whether they may write there changed. */
export async function notifyBuyersOf(db: Database, recipientId: string) {
  const buyers = await db
    .selectDistinct({ buyerId: conversations.buyerId })
    .from(conversations)
    .where(eq(conversations.recipientId, recipientId));
  for (const { buyerId } of buyers) await notifyChange(db, { topic: 'conversations', userId: buyerId });
}

/** Whether `key` is a message image or thumbnail in `conversationId`: a condition for the upload sweeper (media/repo.ts), which asks in one statement whether anything refers to a file. */
export function isMessageImage(conversationId: SQL, key: SQL): SQL {
  return sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversationId}
                     and (${messages.imageKey} = ${key} or ${messages.thumbKey} = ${key}))`;
}

/** A conversation's two participants, whoever asks (a moderator's action on one of its messages). */
export async function findConversationParties(db: Database, id: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      buyerId: conversations.buyerId,
      recipientId: conversations.recipientId,
      lastSeq: conversations.lastSeq,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row;
}

/** The conversation's preview no longer quotes a message a moderator hid (when it was the last one). */
export async function forgetLastMessageText(db: Database, conversationId: string, seq: number) {
  await db
    .update(conversations)
    .set({ lastMessageText: null })
    .where(and(eq(conversations.id, conversationId), eq(conversations.lastSeq, seq)));
}
