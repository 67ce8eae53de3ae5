import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES, SEND_BLOCK_MESSAGES, type SendBlock } from '@sweetwish/shared/conversation-rules';
import type {
  Conversation,
  ConversationPage,
  CreateConversationInput,
  CreateConversationResult,
} from '@sweetwish/shared/conversations';
import { formatDollars } from '@sweetwish/shared/money';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { attachConversation, getPurchaseParties, type PurchaseParties } from '../gifts/service';
import type { ImageJobs } from '../media/image-jobs';
import { type BlocksAround, blocksAround, isEitherBlocked } from '../safety/blocks';
import { getSettingsOf } from '../settings/service';
import {
  type ConversationRow,
  findConversationIdOfPurchase,
  findUserConversation,
  insertConversation,
  listUserConversations,
  notifyBuyersOf,
  notifyParticipants,
  summariseConversations,
} from './repo';

export type ConversationDeps = {
  db: Database;
  storage: ObjectStorage;
  /** Image work, bounded in time, memory and concurrency (shared with uploads). */
  images: ImageJobs;
  /** How long a message notification waits for the recipient to read the message on screen. */
  notificationDelaySeconds: number;
};

/** What the purchase message says in a conversation's preview. */
function purchaseSummary(purchase: PurchaseParties): string {
  if (purchase.type === 'tip') return `Tip of ${formatDollars(purchase.costCents)}`;
  return `Gift: ${purchase.productName ?? "It's a surprise!"}`;
}

/**
 * createConversation: the buyer (type "purchase") or the recipient (type "received") of a purchase opens
 * its one conversation, which starts with the purchase message. Asking again, or many times at once, gives
 * the same conversation. Anyone else's purchase is not found.
 */
export async function createConversation(
  db: Database,
  userId: string,
  input: CreateConversationInput,
): Promise<CreateConversationResult> {
  const purchase = await getPurchaseParties(db, input.purchaseId);
  const callerId = input.type === 'purchase' ? purchase?.buyerId : purchase?.sellerId;
  if (!purchase || callerId !== userId) throw new AppError('NOT_FOUND', CHAT_MESSAGES.createFailed);
  // Nobody starts a conversation while a block stands between the two, whoever blocked whom (decision 028).
  const otherId = userId === purchase.buyerId ? purchase.sellerId : purchase.buyerId;
  if (await isEitherBlocked(db, userId, otherId)) throw new AppError('FORBIDDEN', SEND_BLOCK_MESSAGES.blocked);
  const existing = await findConversationIdOfPurchase(db, purchase.id);
  if (existing) return { conversationId: existing };
  const id = randomUUID();
  const isCreated = await db.transaction(async (tx) => {
    const isNew = await insertConversation(tx, {
      id,
      purchaseId: purchase.id,
      buyerId: purchase.buyerId,
      recipientId: purchase.sellerId,
      isBuyerAnonymous: purchase.isAnonymous,
      creatorId: userId,
      messageId: randomUUID(),
      purchaseSummary: purchaseSummary(purchase),
    });
    if (!isNew) return false;
    await attachConversation(tx, purchase.id, id);
    await notifyParticipants(tx, { id, buyerId: purchase.buyerId, recipientId: purchase.sellerId }, ['conversations']);
    return true;
  });
  if (isCreated) return { conversationId: id };
  // Someone else created it at the same moment.
  const winner = await findConversationIdOfPurchase(db, purchase.id);
  if (!winner) throw new AppError('INTERNAL', CHAT_MESSAGES.createFailed);
  return { conversationId: winner };
}

export type Role = 'buyer' | 'recipient';

export function roleOf(row: ConversationRow, userId: string): Role {
  return row.buyerId === userId ? 'buyer' : 'recipient';
}

type PersonRow = ConversationRow['buyer'];

function publicPerson(person: PersonRow) {
  if (person.deletedAt || !person.handle || !person.displayName) return null;
  return { id: person.id, handle: person.handle, displayName: person.displayName, photoUrl: person.photoUrl };
}

/** The other participant as the viewer may see them: an anonymous buyer stays anonymous to the recipient. */
function participantOf(row: ConversationRow, role: Role) {
  if (role === 'buyer') return publicPerson(row.recipient);
  return row.isBuyerAnonymous ? null : publicPerson(row.buyer);
}

/**
 * Nobody writes to a deleted account, nor across a block either way (decision 028); a fan writes only while
 * the creator takes messages from fans.
 */
function sendBlockOf(
  isOtherDeleted: boolean,
  role: 'buyer' | 'recipient',
  fansCanMessage: boolean,
  block: 'blocked' | 'blocked_by_you' | null,
): SendBlock | null {
  if (isOtherDeleted) return 'account_deleted';
  if (block) return block;
  return role === 'buyer' && !fansCanMessage ? 'messages_off' : null;
}

const NO_BLOCKS: BlocksAround = { blockedByMe: new Set(), blockedMe: new Set() };

function blockOf(around: BlocksAround, otherId: string): 'blocked' | 'blocked_by_you' | null {
  if (around.blockedByMe.has(otherId)) return 'blocked_by_you';
  return around.blockedMe.has(otherId) ? 'blocked' : null;
}

function otherIdOf(row: ConversationRow, userId: string) {
  return row.buyerId === userId ? row.recipientId : row.buyerId;
}

function toConversation(
  row: ConversationRow,
  userId: string,
  fansCanMessage: boolean,
  around: BlocksAround = NO_BLOCKS,
): Conversation {
  const role = roleOf(row, userId);
  const seenAt = role === 'buyer' ? row.buyerSeenAt : row.recipientSeenAt;
  const participantSeenAt = role === 'buyer' ? row.recipientSeenAt : row.buyerSeenAt;
  const other = role === 'buyer' ? row.recipient : row.buyer;
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    purchase: { type: row.purchaseType, name: row.purchaseName, costCents: row.purchaseCents },
    role,
    participant: participantOf(row, role),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    seenAt: seenAt?.toISOString() ?? null,
    participantSeenAt: participantSeenAt?.toISOString() ?? null,
    isUnread: seenAt === null || seenAt < row.updatedAt,
    lastMessage: row.lastMessageType
      ? { type: row.lastMessageType, text: row.lastMessageText, isMine: row.lastMessageSenderId === userId }
      : null,
    sendBlock: sendBlockOf(other.deletedAt !== null, role, fansCanMessage, blockOf(around, other.id)),
  };
}

async function fansCanMessageOf(db: Database, rows: ConversationRow[]): Promise<Map<string, boolean>> {
  const settings = await getSettingsOf(db, [...new Set(rows.map((r) => r.recipientId))]);
  return new Map([...settings].map(([id, s]) => [id, s.fansCanMessage]));
}

/** A page of the user's conversations, most recently active first. */
export async function listConversations(db: Database, userId: string, page: PageRequest): Promise<ConversationPage> {
  const { rows, nextCursor } = cutPage(await listUserConversations(db, userId, page), page, (row) => row.id);
  const [fansCanMessage, around] = await Promise.all([
    fansCanMessageOf(db, rows),
    blocksAround(
      db,
      userId,
      rows.map((row) => otherIdOf(row, userId)),
    ),
  ]);
  return {
    items: rows.map((row) => toConversation(row, userId, fansCanMessage.get(row.recipientId) ?? true, around)),
    nextCursor,
  };
}

/** The conversation row, if the user takes part in it: anyone else's is not found. */
export async function conversationOf(db: Database, userId: string, conversationId: string): Promise<ConversationRow> {
  const row = await findUserConversation(db, userId, conversationId);
  if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notFound);
  return row;
}

export async function conversationFor(db: Database, userId: string, row: ConversationRow): Promise<Conversation> {
  const [fansCanMessage, around] = await Promise.all([
    fansCanMessageOf(db, [row]),
    blocksAround(db, userId, [otherIdOf(row, userId)]),
  ]);
  return toConversation(row, userId, fansCanMessage.get(row.recipientId) ?? true, around);
}

export async function getConversation(db: Database, userId: string, conversationId: string): Promise<Conversation> {
  return conversationFor(db, userId, await conversationOf(db, userId, conversationId));
}

/** What the side menu counts: whether the user has conversations, and how many are unread. */
/** Call when a creator turns messages from fans on or off: their fans' open conversations show it live. */
export async function announceMessagesFromFans(db: Database, creatorId: string): Promise<void> {
  await notifyBuyersOf(db, creatorId);
}

export async function getConversationSummary(db: Database, userId: string) {
  return summariseConversations(db, userId);
}

/**
 * For a notification about a conversation: whether it is still unread for the user, and what the other
 * participant is called for them (null: anonymous). Undefined when the user takes no part in it.
 */
export async function describeConversationFor(db: Database, conversationId: string, userId: string) {
  const row = await findUserConversation(db, userId, conversationId);
  if (!row) return undefined;
  const conversation = toConversation(row, userId, true);
  return { isUnread: conversation.isUnread, participantName: conversation.participant?.displayName ?? null };
}

/** The other participant of a conversation the user takes part in (blocking from a conversation). */
export async function getOtherParticipant(db: Database, userId: string, conversationId: string) {
  const row = await conversationOf(db, userId, conversationId);
  const role = roleOf(row, userId);
  return { userId: otherIdOf(row, userId), isAnonymous: role === 'recipient' && row.isBuyerAnonymous };
}

/** After a block or unblock between these users: their conversation lists and open conversations refresh live. */
export async function announceConversationsOf(db: Database, userIds: string[]): Promise<void> {
  for (const userId of userIds) await notifyChange(db, { topic: 'conversations', userId });
}
