/**
 * The inbox's query keys (decision 130): the live events stream's `inbox` topic refreshes everything under the
 * root. Only keys here: this file loads with every app screen, the bell's query with the bell.
 */
export const INBOX_QUERY_ROOT = ['inbox'] as const;
export const INBOX_UNREAD_QUERY_KEY = [...INBOX_QUERY_ROOT, 'unread'] as const;
export const INBOX_LIST_QUERY_KEY = [...INBOX_QUERY_ROOT, 'list'] as const;
