import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from './api-client';

/** What the server is set up with (preview account, social sign-in, outbox); it does not change while the page is open. */
export const publicConfigOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => ok(api.GET('/api/public-config')),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigOptions);
}
