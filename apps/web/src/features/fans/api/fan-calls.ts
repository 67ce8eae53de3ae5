import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { FANS_QUERY_KEY } from '../../../lib/fans';
import { useMe } from '../../../lib/session';

/** The signed-in creator's fans, newest first (GET /api/fans), kept current by the live events stream. */
export const fansOptions = queryOptions({ queryKey: FANS_QUERY_KEY, queryFn: () => ok(api.GET('/api/fans')) });

export function useFans() {
  const { isSignedIn } = useMe();
  return useQuery({ ...fansOptions, enabled: isSignedIn });
}
