import type { ReportSnapshot } from '@sweetwish/shared/safety';
import type { Database } from '../../db/client';

/**
 * What safety needs of conversations, which sit above it (they ask it about blocks): a reported message's
 * copy, a moderator hiding a message, a block by conversation, and the conversation lists told of a block.
 * app.ts passes modules/conversations/service's functions.
 */
export type ConversationsPort = {
  getMessageSnapshot(
    db: Database,
    reporterId: string,
    conversationId: string,
    messageId: string,
  ): Promise<{ senderId: string; snapshot: NonNullable<ReportSnapshot['message']> } | undefined>;
  hideMessage(db: Database, conversationId: string, messageId: string): Promise<boolean>;
  getOtherParticipant(
    db: Database,
    userId: string,
    conversationId: string,
  ): Promise<{ userId: string; isAnonymous: boolean }>;
  announceConversationsOf(db: Database, userIds: string[]): Promise<void>;
};
