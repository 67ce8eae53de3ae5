import { and, eq, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * A column of the conversation's purchase, by its primary key. The purchases table is the gifts module's; it
 * is read here in SQL, as history-repo reads subscription charges, so a list needs no second round trip.
 */
const purchaseType = sql<'standard' | 'tip'>`(select p.type from purchases p where p.id = ${conversations.purchaseId})`;
const purchaseName = sql<
  string | null
>`(select p.product_name from purchases p where p.id = ${conversations.purchaseId})`;
const purchaseCents = sql<number>`(select p.cost_cents from purchases p where p.id = ${conversations.purchaseId})`;

const conversationColumns = {
  id: conversations.id,
  purchaseId: conversations.purchaseId,
  purchaseType,
  purchaseName,
  purchaseCents: purchaseCents.mapWith(Number),
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

export const isParticipant = (userId: string) =>
  or(eq(conversations.buyerId, userId), eq(conversations.recipientId, userId));

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

export async function findConversationVersion(db: Database, conversationId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: conversations.version })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.version;
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
