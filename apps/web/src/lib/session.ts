import type { Me } from '@sweetwish/shared/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, ok } from './api-client';
import { queryClient } from './query-client';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * The signed-in user, or null when nobody is signed in: the server answers null to a visitor (a 401 would
 * be a console error on every page), and 401 only when the account behind a session is gone.
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await ok(api.GET('/api/me'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user's query: every screen reads it (through useMe), and every route loader starts it. */
export const meOptions = queryOptions({ queryKey: ME_QUERY_KEY, queryFn: fetchMe });

/**
 * Reads the signed-in user from the server now and stores the answer. A request already on its way was
 * sent before whatever changed the session (a sign-in that just set the cookie), so it is cancelled
 * rather than waited for: its answer would be stale.
 */
export async function refreshMe(): Promise<Me | null> {
  await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
  return queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 });
}

export type Session = {
  me: Me | null;
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
  isSignedIn: boolean;
  /** The session could not be read (network or server failure, not "signed out"). */
  isError: boolean;
};

/** Who is signed in, from GET /api/me: the one source of the session for every screen. */
export function useMe(): Session {
  const query = useQuery(meOptions);
  const me = query.data ?? null;
  return { me, isLoading: query.isPending, isSignedIn: me !== null, isError: query.isError && me === null };
}
