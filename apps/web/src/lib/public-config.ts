import type { PublicConfig } from '@sweetwish/shared/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** What the server is set up with (preview account, social sign-in, outbox); it does not change while the page is open. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => apiRequest<PublicConfig>('GET', '/public-config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
