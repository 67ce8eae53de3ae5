import type { WishPage } from '@sweetwish/shared/wishes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const wishQueryKey = (productId: string) => ['wish', productId] as const;

/** A wish and its seller, for the public wish page; 404 when there is no such wish. */
export function useWishPage(productId: string) {
  return useQuery({
    queryKey: wishQueryKey(productId),
    queryFn: () => apiRequest<WishPage>('GET', `/wishes/${encodeURIComponent(productId)}`),
    retry: false,
  });
}
