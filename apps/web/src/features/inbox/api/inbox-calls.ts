import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { INBOX_LIST_QUERY_KEY, INBOX_UNREAD_QUERY_KEY } from '../../../components/inbox/inbox-queries';
import { api, ok } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';
import { useMe } from '../../../lib/session';

/** The signed-in user's inbox, newest first, page by page (GET /api/inbox), kept current by the live events stream. */
export const inboxOptions = pagedListOptions(INBOX_LIST_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/inbox', { params: { query: { cursor } } })),
);

export function useInbox() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...inboxOptions, enabled: isSignedIn });
}

/**
 * Tells the server the user saw these events (POST /api/inbox/read); the bell takes the count it answers at
 * once, and every other tab hears of it through the live events stream.
 */
export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: string[]) => {
      const unread = await ok(api.POST('/api/inbox/read', { body: { ids } }));
      queryClient.setQueryData(INBOX_UNREAD_QUERY_KEY, unread);
    },
    [queryClient],
  );
}
