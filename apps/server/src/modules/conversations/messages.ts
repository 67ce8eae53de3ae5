import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES, type Reaction } from '@sweetwish/shared/conversation-rules';
import type { Message, MessageChanges, MessagePage } from '@sweetwish/shared/conversations';
import { type Database, READ_SNAPSHOT } from '../../db/client';
import { AppError } from '../../errors';
import { getPurchaseParties, type PurchaseParties } from '../gifts/service';
import { queueMessageNotification } from '../notify/queue';
import { type ConversationDeps, conversationOf, type Role, roleOf } from './conversations';
import {
  findMessage,
  forgetLastMessageText,
  insertMessage,
  listMessagesBefore,
  listMessagesChangedSince,
  type MessageRow,
  updateMessage,
} from './message-repo';
import {
  type ConversationRow,
  findConversationParties,
  findConversationVersion,
  findUserConversation,
  markConversationSeen,
  notifyParticipants,
} from './repo';
import { checkCanSend } from './send-permissions';

/** How many changed messages one answer carries; a client further behind reloads the conversation. */
const CHANGES_LIMIT = 500;

function imageUrl(conversationId: string, messageId: string, size: 'full' | 'thumb') {
  const base = `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/image`;
  return size === 'thumb' ? `${base}?size=thumb` : base;
}

/** Whether the viewer may see an image message's picture: their own, or one they unlocked. */
export function isImageOpen(message: MessageRow, userId: string) {
  return message.senderId === userId || message.unlockedAt !== null;
}

export function toMessage(
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
            message: purchase.message,
            boughtAt: purchase.createdAt.toISOString(),
          }
        : null,
    sentAt: message.sentAt.toISOString(),
    reaction: role === 'buyer' ? message.buyerReaction : message.recipientReaction,
    participantReaction: role === 'buyer' ? message.recipientReaction : message.buyerReaction,
    isRemoved,
  };
}

export async function messageContext(db: Database, row: ConversationRow, userId: string, rows: MessageRow[]) {
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

export async function addMessage(
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
 * Runs one change to a message under the conversation's lock (repo updateMessage); a message that is not
 * there, or not changeable so, is not found and changes nothing.
 */
export async function changeMessage(
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
