import type { QueryKey } from '@tanstack/react-query';

/**
 * Query keys of the conversations (product.md section 2), here rather than in the conversations feature because
 * the live events stream (live-events.ts) and the message buttons of other screens refresh them too. Each
 * kind has a root of its own, so invalidating one never refetches another.
 */
export const CONVERSATIONS_QUERY_KEY = ['conversations'] as const;
/** Root of every single conversation (GET /api/conversations/{id}). */
export const CONVERSATION_QUERY_ROOT = ['conversation'] as const;
/** Root of every conversation's message store (pages and changes, kept in the query cache). */
export const MESSAGES_QUERY_ROOT = ['conversation-messages'] as const;

export function conversationQueryKey(conversationId: string): QueryKey {
  return [...CONVERSATION_QUERY_ROOT, conversationId];
}

export function messagesQueryKey(conversationId: string): QueryKey {
  return [...MESSAGES_QUERY_ROOT, conversationId];
}

/** The address of a conversation's screen. */
export function conversationPath(conversationId: string): string {
  return `/conversations/${encodeURIComponent(conversationId)}`;
}
