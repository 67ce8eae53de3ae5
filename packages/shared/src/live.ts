/**
 * Server-Sent Events of GET /api/events (architecture.md section 6): which of the signed-in user's data changed.
 * Each `change` event's data is a LiveEvent as JSON; the web app refetches what it names.
 */
export const LIVE_TOPICS = [
  'wallet',
  'purchases',
  'received',
  'conversations',
  'messages',
  'fans',
  'withdrawals',
  'payout-account',
  'inbox',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * `conversations`: the list, its unread dots or a conversation's read state changed (conversationId names
 * the one, when one did); `messages`: a conversation's messages changed (new ones, reactions, unlocks).
 */
export type LiveEvent = { topic: LiveTopic; conversationId?: string };
