/**
 * Conversation rules without schemas (the web app uses them without loading zod): product.md sections 2 to 5, 8
 * and 9.
 */
export const MESSAGE_MAX = 5000;
/** The first page of a conversation, and each older page loaded while scrolling up (product.md section 7). */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
/** Two taps on a message within this many milliseconds toggle the heart (product.md section 9). */
export const DOUBLE_TAP_MS = 300;
/** A message notification at most this often per conversation and recipient (architecture.md section 5). */
export const MESSAGE_NOTIFICATION_INTERVAL_MINUTES = 10;

/** Who calls createConversation: the buyer from a purchase, or the recipient from a received item. */
export const CONVERSATION_TYPES = ['purchase', 'received'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const MESSAGE_TYPES = ['text', 'image', 'purchase'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** What a person can send; purchase messages are written by the server when a conversation opens. */
export const SENDABLE_MESSAGE_TYPES = ['text', 'image'] as const;

export const REACTIONS = ['heart'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** The name shown for an anonymous buyer, and for anyone without a public profile (architecture.md section 11). */
export const ANONYMOUS_NAME = 'Anonymous';

/** Why someone cannot write in a conversation, and what they are told. */
export const SEND_BLOCKS = ['messages_off', 'account_deleted', 'blocked', 'blocked_by_you'] as const;
export type SendBlock = (typeof SEND_BLOCKS)[number];

export const CHAT_MESSAGES = {
  sendFailed: 'Could not send message',
  uploadFailed: 'Error uploading file',
  createFailed: 'Failed to create conversation',
  somethingWrong: 'Something went wrong.',
  tooLong: `Messages are at most ${MESSAGE_MAX.toLocaleString('en-US')} characters`,
  empty: 'A message needs some text',
  messagesOff: 'This creator has turned off messages from fans.',
  accountDeleted: 'Messages can no longer be sent in this conversation.',
  blockedByYou: 'You blocked this user. Unblock them to send messages.',
  messageRemoved: 'This message was removed by a moderator.',
  notFound: 'Conversation not found',
  noConversations: 'No Conversations',
  startOfConversation: 'Start of Conversation',
} as const;

/** The preview a conversation row shows for its last message. */
export function lastMessagePreview(last: { type: MessageType; text: string | null; isMine: boolean }): string {
  const prefix = last.isMine ? 'You: ' : '';
  if (last.type === 'image') return `${prefix}Sent an image`;
  if (last.type === 'purchase') return last.text ?? 'Sent a gift';
  return `${prefix}${last.text ?? ''}`;
}

/** Whether a double tap toggles the heart on or off: on where there is none, off (null) where there is one. */
export function toggledReaction(current: Reaction | null): Reaction | null {
  return current === null ? 'heart' : null;
}

export const SEND_BLOCK_MESSAGES: Readonly<Record<SendBlock, string>> = {
  messages_off: CHAT_MESSAGES.messagesOff,
  account_deleted: CHAT_MESSAGES.accountDeleted,
  // The one blocked is told what a deleted account's conversation says: never that they were blocked.
  blocked: CHAT_MESSAGES.accountDeleted,
  blocked_by_you: CHAT_MESSAGES.blockedByYou,
};
