import { SEND_BLOCK_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { conversationFor, conversationOf } from './conversations';
import type { ConversationRow } from './repo';

/** Refuses a message the sender may not send: a fan whose creator turned messages off, or to a deleted account. */
export async function checkCanSend(db: Database, userId: string, conversationId: string): Promise<ConversationRow> {
  const row = await conversationOf(db, userId, conversationId);
  const block = (await conversationFor(db, userId, row)).sendBlock;
  if (block) throw new AppError('FORBIDDEN', SEND_BLOCK_MESSAGES[block]);
  return row;
}
