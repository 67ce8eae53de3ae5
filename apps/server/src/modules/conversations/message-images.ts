import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Message } from '@sweetwish/shared/conversations';
import { and, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { storeImages } from '../media/service';
import { type ConversationDeps, conversationOf } from './conversations';
import { findMessage, isUnlockable, removeImagesSentBy } from './message-repo';
import { addMessage, changeMessage, isImageOpen, messageContext, toMessage } from './messages';
import { checkCanSend } from './send-permissions';
import { messages } from './tables';

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

/**
 * Call in the transaction that deletes an account: the images the user sent are detached from their
 * messages (which then show no picture). Returns the storage keys to delete once the transaction commits.
 */
export async function detachImagesSentBy(db: Database, userId: string): Promise<string[]> {
  const rows = await removeImagesSentBy(db, userId);
  return rows.flatMap((r) => [r.imageKey, r.thumbKey]).filter((key): key is string => key !== null);
}
