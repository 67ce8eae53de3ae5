import type { InsightBucket, InsightRange } from '@sweetwish/shared/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';

/** The browser's time zone: the creator's days, weeks and months are their own. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The signed-in creator's insights for a range (GET /api/insights). */
export function insightsOptions(range: InsightRange, by: InsightBucket | undefined) {
  const tz = browserTimeZone();
  return queryOptions({
    queryKey: ['insights', range, by ?? null, tz],
    queryFn: () => ok(api.GET('/api/insights', { params: { query: { range, by, tz } } })),
  });
}

export function useInsights(range: InsightRange, by: InsightBucket | undefined) {
  const { isSignedIn } = useMe();
  return useQuery({ ...insightsOptions(range, by), enabled: isSignedIn });
}
