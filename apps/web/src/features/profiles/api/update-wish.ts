import type { UpdateWishInput } from '@sweetwish/shared/wishes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sellerWishListsQueryKey } from '../../../components/profiles/profile-queries';
import { api, ok } from '../../../lib/api-client';

/**
 * Pins, un-pins, archives or restores one of the owner's wishes (only the changed field is sent), then
 * reloads the lists. Only the owner's wish menu, which loads on demand, uses it.
 */
export function useUpdateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWishInput }) =>
      ok(api.PATCH('/api/wishes/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: async (wish) => {
      // The public wish page caches the wish under ['wish', id]: drop it so that page reads it again.
      queryClient.removeQueries({ queryKey: ['wish', wish.id] });
      await queryClient.invalidateQueries({ queryKey: sellerWishListsQueryKey(wish.sellerId) });
    },
  });
}
