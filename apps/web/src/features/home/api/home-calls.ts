import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';

/** What /home shows beyond the signed-in user, in one answer (GET /api/home), in the browser's time zone. */
export const homeSummaryOptions = queryOptions({
  queryKey: ['home-summary'],
  queryFn: () =>
    ok(api.GET('/api/home', { params: { query: { tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' } } })),
});

export function useHomeSummary() {
  const { isSignedIn } = useMe();
  return useQuery({ ...homeSummaryOptions, enabled: isSignedIn });
}
