import type { LiveTopic } from '@sweetwish/shared/live';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMe } from './session';
import {
  ACTIVITY_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WALLET_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
} from './wallet';

/** What each topic of GET /api/events makes stale (design.md section 6). */
const STALE_BY_TOPIC: Record<LiveTopic, readonly QueryKey[]> = {
  wallet: [WALLET_QUERY_KEY, STATEMENT_QUERY_KEY],
  purchases: [PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY],
  received: [RECEIVED_QUERY_KEY, ACTIVITY_QUERY_KEY],
  conversations: [ACTIVITY_QUERY_KEY],
  messages: [],
  fans: [],
  withdrawals: [WITHDRAWALS_QUERY_KEY, STATEMENT_QUERY_KEY],
  'payout-account': [PAYOUT_ACCOUNT_QUERY_KEY],
};
const EVERY_LIVE_QUERY: readonly QueryKey[] = [
  WALLET_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  ACTIVITY_QUERY_KEY,
];

/** The queries a `change` event's data (`{"topic":"wallet"}`) makes stale; none for data it does not understand. */
export function staleQueryKeys(data: unknown): readonly QueryKey[] {
  try {
    const topic = (JSON.parse(String(data)) as { topic?: unknown } | null)?.topic;
    return typeof topic === 'string' && Object.hasOwn(STALE_BY_TOPIC, topic) ? STALE_BY_TOPIC[topic as LiveTopic] : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the signed-in user's wallet, purchases and received items current: one Server-Sent Events stream
 * while someone is signed in, closed on sign-out. EventSource reconnects by itself; what changed while it
 * was away is refetched when it is back.
 */
export function useLiveEvents(): void {
  const { isSignedIn } = useMe();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let hasOpened = false;
    const refetch = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    source.addEventListener('open', () => {
      if (hasOpened) refetch(EVERY_LIVE_QUERY);
      hasOpened = true;
    });
    source.addEventListener('change', (event) => refetch(staleQueryKeys((event as MessageEvent).data)));
    return () => source.close();
  }, [isSignedIn, queryClient]);
}
