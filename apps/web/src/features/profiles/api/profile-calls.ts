import { PublicProfile } from '@sweetwish/shared/profiles';
import { type UpdateWishInput, Wish, WishList } from '@sweetwish/shared/wishes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = (handle: string) => ['profile', handle.toLowerCase()] as const;
export const wishListQueryKey = (userId: string, isArchived: boolean) => ['wishes', userId, isArchived] as const;

/** A creator's public profile by handle; an old handle answers with the current one. 404 when nobody holds it. */
export function useProfile(handle: string) {
  return useQuery({
    queryKey: profileQueryKey(handle),
    queryFn: () => apiRequest('GET', `/users/${encodeURIComponent(handle)}`, { response: PublicProfile }),
    retry: false,
  });
}

/** A creator's wishlist in the spec's order; the archived list is the owner's only. */
export function useWishList(userId: string | undefined, isArchived: boolean) {
  return useQuery({
    queryKey: wishListQueryKey(userId ?? '', isArchived),
    queryFn: () =>
      apiRequest('GET', `/users/${encodeURIComponent(userId ?? '')}/wishes?archived=${isArchived}`, {
        response: WishList,
      }),
    enabled: userId !== undefined,
  });
}

/** Pins, un-pins, archives or restores one of the owner's wishes (only the changed field is sent), then reloads the lists. */
export function useUpdateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWishInput }) =>
      apiRequest('PATCH', `/wishes/${encodeURIComponent(id)}`, { body: changes, response: Wish }),
    onSuccess: async (wish) => {
      // The public wish page caches the wish under ['wish', id]: drop it so that page reads it again.
      queryClient.removeQueries({ queryKey: ['wish', wish.id] });
      await queryClient.invalidateQueries({ queryKey: ['wishes', wish.sellerId] });
    },
  });
}
