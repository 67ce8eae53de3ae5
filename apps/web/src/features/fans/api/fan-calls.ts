import { useInfiniteQuery } from '@tanstack/react-query';
import { FANS_QUERY_KEY } from '../../../components/fans/fan-queries';
import { api, ok } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';
import { useMe } from '../../../lib/session';

/** The signed-in creator's fans, newest first, page by page (GET /api/fans), kept current by the live events stream. */
export const fansOptions = pagedListOptions(FANS_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/fans', { params: { query: { cursor } } })),
);

export function useFans() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...fansOptions, enabled: isSignedIn });
}
