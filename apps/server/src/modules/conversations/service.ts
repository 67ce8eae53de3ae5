import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGES,
  type Reaction,
  SEND_BLOCK_MESSAGES,
  type SendBlock,
} from '@sweetwish/shared/conversation-rules';
import type {
  Conversation,
  ConversationPage,
  CreateConversationInput,
  CreateConversationResult,
  Message,
  MessageChanges,
  MessagePage,
} from '@sweetwish/shared/conversations';
import { formatDollars } from '@sweetwish/shared/money';
import { and, isNull } from 'drizzle-orm';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import { notifyChange } from '../../changes/change-feed';
import { type Database, READ_SNAPSHOT } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { attachConversation, getPurchaseParties, type PurchaseParties } from '../gifts/service';
import type { ImageJobs } from '../media/image-jobs';
import { storeImages } from '../media/service';
import { queueMessageNotification } from '../notify/queue';
import { type BlocksAround, blocksAround, isEitherBlocked } from '../safety/blocks';
import { getSettingsOf } from '../settings/service';
import {
  type ConversationRow,
  findConversationIdOfPurchase,
  findConversationParties,
  findConversationVersion,
  findMessage,
  findUserConversation,
  forgetLastMessageText,
  insertConversation,
  insertMessage,
  isUnlockable,
  listMessagesBefore,
  listMessagesChangedSince,
  listUserConversations,
  type MessageRow,
  markConversationSeen,
  notifyBuyersOf,
  notifyParticipants,
  removeImagesSentBy,
  summariseConversations,
  updateMessage,
} from './repo';
import { messages } from './tables';

export type ConversationDeps = {
  db: Database;
  storage: ObjectStorage;
  /** Image work, bounded in time, memory and concurrency (shared with uploads). */
  images: ImageJobs;
  /** How long a message notification waits for the recipient to read the message on screen. */
  notificationDelaySeconds: number;
};

/** How many changed messages one answer carries; a client further behind reloads the conversation. */
const CHANGES_LIMIT = 500;

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

type Role = 'buyer' | 'recipient';

function roleOf(row: ConversationRow, userId: string): Role {
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
async function conversationOf(db: Database, userId: string, conversationId: string): Promise<ConversationRow> {
  const row = await findUserConversation(db, userId, conversationId);
  if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notFound);
  return row;
}

async function conversationFor(db: Database, userId: string, row: ConversationRow): Promise<Conversation> {
  const [fansCanMessage, around] = await Promise.all([
    fansCanMessageOf(db, [row]),
    blocksAround(db, userId, [otherIdOf(row, userId)]),
  ]);
  return toConversation(row, userId, fansCanMessage.get(row.recipientId) ?? true, around);
}

export async function getConversation(db: Database, userId: string, conversationId: string): Promise<Conversation> {
  return conversationFor(db, userId, await conversationOf(db, userId, conversationId));
}

function imageUrl(conversationId: string, messageId: string, size: 'full' | 'thumb') {
  const base = `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/image`;
  return size === 'thumb' ? `${base}?size=thumb` : base;
}

/** Whether the viewer may see an image message's picture: their own, or one they unlocked. */
function isImageOpen(message: MessageRow, userId: string) {
  return message.senderId === userId || message.unlockedAt !== null;
}

function toMessage(
  message: MessageRow,
  context: { conversationId: string; userId: string; role: Role; purchase: PurchaseParties | undefined },
): Message {
  const { conversationId, userId, role, purchase } = context;
  const isOpen = isImageOpen(message, userId);
  const isRemoved = message.hiddenAt !== null;
  const hasImage = message.type === 'image' && message.imageKey !== null && !isRemoved;
  return {
    id: message.id,
    seq: message.seq,
    version: message.version,
    type: message.type,
    isMine: message.senderId === userId,
    content: isRemoved ? null : message.content,
    image:
      message.type === 'image'
        ? {
            blurhash: message.blurhash,
            width: message.imageWidth ?? 1,
            height: message.imageHeight ?? 1,
            isLocked: !isOpen,
            thumbUrl: hasImage && isOpen ? imageUrl(conversationId, message.id, 'thumb') : null,
            url: hasImage && isOpen ? imageUrl(conversationId, message.id, 'full') : null,
          }
        : null,
    purchase:
      message.type === 'purchase' && purchase
        ? {
            type: purchase.type,
            costCents: purchase.costCents,
            reversedCents: purchase.reversedCents,
            product:
              purchase.productId && purchase.productName
                ? { id: purchase.productId, name: purchase.productName, image: purchase.productImage }
                : null,
          }
        : null,
    sentAt: message.sentAt.toISOString(),
    reaction: role === 'buyer' ? message.buyerReaction : message.recipientReaction,
    participantReaction: role === 'buyer' ? message.recipientReaction : message.buyerReaction,
    isRemoved,
  };
}

async function messageContext(db: Database, row: ConversationRow, userId: string, rows: MessageRow[]) {
  const hasPurchaseMessage = rows.some((m) => m.type === 'purchase');
  return {
    conversationId: row.id,
    userId,
    role: roleOf(row, userId),
    purchase: hasPurchaseMessage ? await getPurchaseParties(db, row.purchaseId) : undefined,
  };
}

/**
 * A page of messages, oldest first: the newest `limit`, or the `limit` before `before`. The version and the
 * messages are read in one snapshot, so changes asked for since that version hold exactly what this page
 * does not: nothing repeated, nothing skipped, however many messages arrive meanwhile.
 */
export async function listMessages(
  db: Database,
  userId: string,
  conversationId: string,
  page: { before?: number | undefined; limit: number },
): Promise<MessagePage> {
  const row = await conversationOf(db, userId, conversationId);
  const { version, rows } = await db.transaction(
    async (tx) => ({
      version: (await findConversationVersion(tx, conversationId)) ?? 0,
      rows: await listMessagesBefore(tx, conversationId, page.before, page.limit + 1),
    }),
    READ_SNAPSHOT,
  );
  const hasOlder = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).reverse();
  const context = await messageContext(db, row, userId, shown);
  return { messages: shown.map((m) => toMessage(m, context)), hasOlder, version };
}

/** Messages sent or changed after `since`, oldest first (the live updates of an open conversation). */
export async function listMessageChanges(
  db: Database,
  userId: string,
  conversationId: string,
  since: number,
): Promise<MessageChanges> {
  const row = await conversationOf(db, userId, conversationId);
  const { version, rows } = await db.transaction(
    async (tx) => ({
      version: (await findConversationVersion(tx, conversationId)) ?? 0,
      rows: await listMessagesChangedSince(tx, conversationId, since, CHANGES_LIMIT + 1),
    }),
    READ_SNAPSHOT,
  );
  const shown = rows.slice(0, CHANGES_LIMIT);
  const context = await messageContext(db, row, userId, shown);
  return { messages: shown.map((m) => toMessage(m, context)), version, isComplete: rows.length <= CHANGES_LIMIT };
}

/** Refuses a message the sender may not send: a fan whose creator turned messages off, or to a deleted account. */
async function checkCanSend(db: Database, userId: string, conversationId: string): Promise<ConversationRow> {
  const row = await conversationOf(db, userId, conversationId);
  const block = (await conversationFor(db, userId, row)).sendBlock;
  if (block) throw new AppError('FORBIDDEN', SEND_BLOCK_MESSAGES[block]);
  return row;
}

async function addMessage(
  deps: ConversationDeps,
  userId: string,
  row: ConversationRow,
  message: Omit<Parameters<typeof insertMessage>[1], 'id' | 'conversationId' | 'senderId'>,
): Promise<Message> {
  const id = randomUUID();
  const recipientId = row.buyerId === userId ? row.recipientId : row.buyerId;
  await deps.db.transaction(async (tx) => {
    const clock = await insertMessage(tx, { id, conversationId: row.id, senderId: userId, ...message });
    if (!clock) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notFound);
    await queueMessageNotification(tx, {
      userId: recipientId,
      conversationId: row.id,
      delaySeconds: deps.notificationDelaySeconds,
    });
    await notifyParticipants(tx, row, ['conversations', 'messages']);
  });
  const stored = await findMessage(deps.db, row.id, id);
  if (!stored) throw new AppError('INTERNAL', CHAT_MESSAGES.sendFailed);
  return toMessage(stored, await messageContext(deps.db, row, userId, [stored]));
}

/** sendMessage with text. */
export async function sendText(deps: ConversationDeps, userId: string, conversationId: string, content: string) {
  const row = await checkCanSend(deps.db, userId, conversationId);
  return addMessage(deps, userId, row, { type: 'text', content });
}

/**
 * sendMessage with an image: re-encoded by the media pipeline (metadata stripped) with a 400x200 thumbnail,
 * stored privately under the conversation, served only to its two participants.
 */
export async function sendImage(
  deps: ConversationDeps,
  userId: string,
  conversationId: string,
  upload: { bytes: Uint8Array; blurhash: string },
): Promise<Message> {
  const row = await checkCanSend(deps.db, userId, conversationId);
  const name = randomUUID();
  const imageKey = `private/conversations/${row.id}/${name}.jpg`;
  const thumbKey = `private/conversations/${row.id}/${name}-thumb.jpg`;
  // Counted against the sender's quota; removed by the sweep of unused uploads if the message is not sent.
  const [image] = await storeImages(deps, userId, upload.bytes, [
    { key: imageKey, kind: 'message' },
    { key: thumbKey, kind: 'message-thumb' },
  ]);
  if (!image) throw new AppError('INTERNAL', CHAT_MESSAGES.sendFailed);
  return addMessage(deps, userId, row, {
    type: 'image',
    image: { imageKey, thumbKey, blurhash: upload.blurhash, width: image.width, height: image.height },
  });
}

/**
 * Runs one change to a message under the conversation's lock (repo updateMessage); a message that is not
 * there, or not changeable so, is not found and changes nothing.
 */
async function changeMessage(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string,
  change: Parameters<typeof updateMessage>[3],
  where?: Parameters<typeof updateMessage>[4],
): Promise<Message> {
  const row = await conversationOf(db, userId, conversationId);
  const changed = await db.transaction(async (tx) => {
    const message = await updateMessage(tx, conversationId, messageId, change, where);
    if (!message) throw new AppError('NOT_FOUND', 'Message not found');
    await notifyParticipants(tx, row, ['messages']);
    return message;
  });
  return toMessage(changed, await messageContext(db, row, userId, [changed]));
}

/** Set or clear reaction: the viewer's own heart on a message, or null to clear it. */
export async function setReaction(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string,
  reaction: Reaction | null,
): Promise<Message> {
  const row = await conversationOf(db, userId, conversationId);
  const key = roleOf(row, userId) === 'buyer' ? 'buyerReaction' : 'recipientReaction';
  const current = await findMessage(db, conversationId, messageId);
  if (!current) throw new AppError('NOT_FOUND', 'Message not found');
  if (current[key] === reaction) return toMessage(current, await messageContext(db, row, userId, [current]));
  return changeMessage(db, userId, conversationId, messageId, (version) => ({ [key]: reaction, version }));
}

/** Unlocks the other participant's image for the viewer, on every device of theirs. */
export async function unlockImage(db: Database, userId: string, conversationId: string, messageId: string) {
  const row = await conversationOf(db, userId, conversationId);
  const current = await findMessage(db, conversationId, messageId);
  if (current?.type === 'image' && isImageOpen(current, userId)) {
    return toMessage(current, await messageContext(db, row, userId, [current]));
  }
  return changeMessage(
    db,
    userId,
    conversationId,
    messageId,
    (version) => ({ unlockedAt: new Date(), version }),
    and(isUnlockable(userId), isNull(messages.unlockedAt)),
  );
}

/** Marks the conversation read for the viewer (when messages load and on leaving the screen). */
export async function markSeen(db: Database, userId: string, conversationId: string): Promise<void> {
  const row = await conversationOf(db, userId, conversationId);
  await db.transaction(async (tx) => {
    if (await markConversationSeen(tx, conversationId, userId)) {
      // Their list and badge lose the dot; the other participant's screen may show it was read.
      await notifyParticipants(tx, row, ['conversations']);
    }
  });
}

/** The bytes of an image message for one of its participants: their own, or one they unlocked. */
export async function getMessageImage(
  deps: Pick<ConversationDeps, 'db' | 'storage'>,
  userId: string,
  conversationId: string,
  messageId: string,
  size: 'full' | 'thumb',
) {
  await conversationOf(deps.db, userId, conversationId);
  const message = await findMessage(deps.db, conversationId, messageId);
  const key = size === 'thumb' ? message?.thumbKey : message?.imageKey;
  if (!message || !key || message.hiddenAt || !isImageOpen(message, userId)) {
    throw new AppError('NOT_FOUND', 'Image not found');
  }
  const file = await deps.storage.get(key);
  if (!file) throw new AppError('NOT_FOUND', 'Image not found');
  return file;
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

/**
 * Call in the transaction that deletes an account: the images the user sent are detached from their
 * messages (which then show no picture). Returns the storage keys to delete once the transaction commits.
 */
export async function detachImagesSentBy(db: Database, userId: string): Promise<string[]> {
  const rows = await removeImagesSentBy(db, userId);
  return rows.flatMap((r) => [r.imageKey, r.thumbKey]).filter((key): key is string => key !== null);
}

/**
 * A message as it is now, for a report by one of its conversation's participants (decision 028): only the
 * other participant's messages can be reported. Undefined when the reporter cannot see it.
 */
export async function getMessageSnapshot(db: Database, reporterId: string, conversationId: string, messageId: string) {
  const row = await findUserConversation(db, reporterId, conversationId);
  const message = row && (await findMessage(db, conversationId, messageId));
  if (!message) return undefined;
  return {
    senderId: message.senderId,
    snapshot: {
      conversationId,
      type: message.type,
      content: message.content,
      imageKey: message.imageKey,
      sentAt: message.sentAt.toISOString(),
    },
  };
}

/**
 * A moderator hides a message (decision 028): both participants see it as removed, live, and its text and
 * image are never answered again. False when there is no such message.
 */
export async function hideMessage(db: Database, conversationId: string, messageId: string): Promise<boolean> {
  const parties = await findConversationParties(db, conversationId);
  if (!parties) return false;
  return db.transaction(async (tx) => {
    const message = await updateMessage(tx, conversationId, messageId, (version) => ({
      hiddenAt: new Date(),
      version,
    }));
    if (!message) return false;
    await forgetLastMessageText(tx, conversationId, message.seq);
    await notifyParticipants(tx, parties, ['messages', 'conversations']);
    return true;
  });
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

// The upload sweep (use-cases/upload-sweep.ts) asks this in its one locked statement over uploads.
export { isMessageImage } from './repo';
