import { queryOptions } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

export const wishQueryKey = (productId: string) => ['wish', productId] as const;

/** A wish and its seller in one answer, for the public wish page; 404 when there is no such wish. */
export function wishPageOptions(productId: string) {
  return queryOptions({
    queryKey: wishQueryKey(productId),
    queryFn: () => ok(api.GET('/api/wishes/{id}', { params: { path: { id: productId } } })),
    retry: false,
    // A failure the route loader met is shown as it is, not asked again when the screen mounts.
    retryOnMount: false,
  });
}
