import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';
import { useMe } from '../../../lib/session';

const AFFILIATE_QUERY_KEY = ['affiliate'] as const;

/** What the user earned as an affiliate, per month of the last year (GET /api/affiliate/earnings). */
export const affiliateEarningsOptions = queryOptions({
  queryKey: [...AFFILIATE_QUERY_KEY, 'earnings'] as const,
  queryFn: () => ok(api.GET('/api/affiliate/earnings')),
});

/** The creators the user invited, newest first, page by page (GET /api/affiliate/invited). */
export const invitedCreatorsOptions = pagedListOptions([...AFFILIATE_QUERY_KEY, 'invited'] as const, (cursor) =>
  ok(api.GET('/api/affiliate/invited', { params: { query: { cursor } } })),
);

export function useAffiliateEarnings() {
  const { isSignedIn } = useMe();
  return useQuery({ ...affiliateEarningsOptions, enabled: isSignedIn });
}

export function useInvitedCreators() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...invitedCreatorsOptions, enabled: isSignedIn });
}
