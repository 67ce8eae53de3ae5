import type { LiveEvent, LiveTopic } from '@sweetwish/shared/live';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  CONVERSATION_QUERY_ROOT,
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  MESSAGES_QUERY_ROOT,
  messagesQueryKey,
} from '../components/conversations/conversation-queries';
import { FANS_QUERY_KEY } from '../components/fans/fan-queries';
import { INBOX_QUERY_ROOT } from '../components/inbox/inbox-queries';
import {
  ACTIVITY_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WALLET_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
} from '../components/wallet/wallet-queries';
import { useMe } from '../lib/session';

/**
 * What each topic of GET /api/events makes stale (architecture.md section 6). `conversations` and `messages`
 * events name their conversation: that conversation is refreshed (its read state, its messages), and an
 * open conversation screen fetches the messages changed since the version it holds (the message store's
 * query reads changes, not pages, once it has messages).
 */
function staleKeysOf(topic: LiveTopic, conversationId: string | undefined): readonly QueryKey[] {
  switch (topic) {
    case 'wallet':
      return [WALLET_QUERY_KEY, STATEMENT_QUERY_KEY];
    case 'purchases':
      return [PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY];
    case 'received':
      return [RECEIVED_QUERY_KEY, ACTIVITY_QUERY_KEY];
    case 'conversations':
      return [
        CONVERSATIONS_QUERY_KEY,
        ACTIVITY_QUERY_KEY,
        ...(conversationId ? [conversationQueryKey(conversationId)] : [CONVERSATION_QUERY_ROOT]),
      ];
    case 'messages':
      return conversationId ? [messagesQueryKey(conversationId)] : [MESSAGES_QUERY_ROOT];
    case 'fans':
      return [FANS_QUERY_KEY];
    case 'withdrawals':
      return [WITHDRAWALS_QUERY_KEY, STATEMENT_QUERY_KEY];
    case 'payout-account':
      return [PAYOUT_ACCOUNT_QUERY_KEY];
    case 'inbox':
      return [INBOX_QUERY_ROOT];
    default:
      return [];
  }
}

/** Once the stream listens: everything followed, since any of it may have changed before (roots match every conversation). */
const EVERY_LIVE_QUERY: readonly QueryKey[] = [
  WALLET_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  ACTIVITY_QUERY_KEY,
  CONVERSATIONS_QUERY_KEY,
  CONVERSATION_QUERY_ROOT,
  MESSAGES_QUERY_ROOT,
  FANS_QUERY_KEY,
  INBOX_QUERY_ROOT,
];

/**
 * The queries a `change` event's data (`{"topic":"messages","conversationId":"c1"}`) makes stale; none for
 * data it does not understand.
 */
export function staleQueryKeys(data: unknown): readonly QueryKey[] {
  try {
    const event = JSON.parse(String(data)) as Partial<LiveEvent> | null;
    const topic = event?.topic;
    const conversationId = typeof event?.conversationId === 'string' ? event.conversationId : undefined;
    return typeof topic === 'string' ? staleKeysOf(topic as LiveTopic, conversationId) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the signed-in user's wallet, purchases, received items, conversations, fans and inbox current: one
 * Server-Sent Events stream while someone is signed in, closed on sign-out. EventSource reconnects by
 * itself; what changed before the stream listened, the first time or while it was away, is refetched.
 */
export function useLiveEvents(): void {
  const { isSignedIn } = useMe();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const refetch = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    // The server sends `ready` once it listens: a change made before then (a top-up credited while the page
    // loaded, or while the stream was away) reached no one, so what was read before is read again.
    source.addEventListener('ready', () => refetch(EVERY_LIVE_QUERY));
    source.addEventListener('change', (event) => refetch(staleQueryKeys((event as MessageEvent).data)));
    return () => source.close();
  }, [isSignedIn, queryClient]);
}
