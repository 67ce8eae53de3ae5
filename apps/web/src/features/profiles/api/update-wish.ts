import type { UpdateWishInput, Wish } from '@sweetwish/shared/wishes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Pins, un-pins, archives or restores one of the owner's wishes (only the changed field is sent), then
 * reloads the lists. Apart from profile-calls.ts because only the owner's wish menu, which loads on
 * demand, uses it.
 */
export function useUpdateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWishInput }) =>
      apiRequest<Wish>('PATCH', `/wishes/${encodeURIComponent(id)}`, { body: changes }),
    onSuccess: async (wish) => {
      // The public wish page caches the wish under ['wish', id]: drop it so that page reads it again.
      queryClient.removeQueries({ queryKey: ['wish', wish.id] });
      await queryClient.invalidateQueries({ queryKey: ['wishes', wish.sellerId] });
    },
  });
}
