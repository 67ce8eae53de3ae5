import type { ReportKind, ReportReason } from '@sweetwish/shared/safety-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import { useMe } from '../../lib/session';
import { CONVERSATION_QUERY_ROOT, CONVERSATIONS_QUERY_KEY } from '../conversations/conversation-queries';

/**
 * Blocks, reports and the moderator role (issue 21; decision 028). Here rather than in a feature: the
 * profile's menu, the conversation's menu, the wish page, settings and the side menu all use them.
 */

const blockQueryKey = (userId: string) => ['block', userId] as const;
export const BLOCKED_USERS_QUERY_KEY = ['blocked-users'] as const;
const ROLES_QUERY_KEY = ['me', 'roles'] as const;

/** GET /api/users/{id}/block: whether the viewer blocked this user. */
export function useBlockStatus(userId: string) {
  const { isSignedIn } = useMe();
  return useQuery({
    queryKey: blockQueryKey(userId),
    queryFn: () => ok(api.GET('/api/users/{id}/block', { params: { path: { id: userId } } })),
    enabled: isSignedIn,
    retry: false,
  });
}

export type BlockChange = { isBlocking: boolean; refusesGifts?: boolean };

/** Blocks (PUT) or unblocks (DELETE) a user from their profile. */
export function useChangeBlock(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isBlocking, refusesGifts = false }: BlockChange) => {
      const params = { path: { id: userId } };
      return ok(
        isBlocking
          ? api.PUT('/api/users/{id}/block', { params, body: { refusesGifts } })
          : api.DELETE('/api/users/{id}/block', { params }),
      );
    },
    onSuccess: (status) => {
      queryClient.setQueryData(blockQueryKey(userId), status);
      void queryClient.invalidateQueries({ queryKey: BLOCKED_USERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATION_QUERY_ROOT });
    },
  });
}

/** Blocks or unblocks a conversation's other participant (who may be anonymous to the viewer). */
export function useChangeConversationBlock(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isBlocking, refusesGifts = false }: BlockChange) => {
      const params = { path: { id: conversationId } };
      return ok(
        isBlocking
          ? api.PUT('/api/conversations/{id}/block', { params, body: { refusesGifts } })
          : api.DELETE('/api/conversations/{id}/block', { params }),
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BLOCKED_USERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATION_QUERY_ROOT });
    },
  });
}

/** The users the viewer blocked, newest first, page by page (settings). */
export const blockedUsersOptions = pagedListOptions(BLOCKED_USERS_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/blocks', { params: { query: { cursor } } })),
);

/** What a report is about. */
export type ReportTarget = { kind: ReportKind; targetId: string; conversationId?: string };

/** POST /api/reports: the answer says only that the report arrived. */
export function useSendReport() {
  return useMutation({
    mutationFn: (report: ReportTarget & { reason: ReportReason; note: string }) =>
      ok(api.POST('/api/reports', { body: report })),
  });
}

/** Whether the signed-in user moderates (the side menu offers the moderation screen then). */
export function useRoles() {
  const { isSignedIn } = useMe();
  return useQuery({
    queryKey: ROLES_QUERY_KEY,
    queryFn: () => ok(api.GET('/api/me/roles')),
    enabled: isSignedIn,
    staleTime: 5 * 60_000,
  });
}
