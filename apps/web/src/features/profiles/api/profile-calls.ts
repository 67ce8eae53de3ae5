import type { PublicProfile } from '@sweetwish/shared/profiles';
import type { ProfilePage, Wish } from '@sweetwish/shared/wishes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = (handle: string) => ['profile', handle.toLowerCase()] as const;
export const wishListQueryKey = (userId: string, isArchived: boolean) => ['wishes', userId, isArchived] as const;

/**
 * A creator's public profile by handle; an old handle answers with the current one. 404 when nobody holds it.
 * Asked with the public wishlist in one round trip (the page fans land on), which fills the list's query too.
 */
export function useProfile(handle: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: profileQueryKey(handle),
    queryFn: async (): Promise<PublicProfile> => {
      const page = await apiRequest<ProfilePage>('GET', `/users/${encodeURIComponent(handle)}/page`);
      queryClient.setQueryData(wishListQueryKey(page.profile.id, false), page.wishes);
      return page.profile;
    },
    retry: false,
  });
}

/** A creator's wishlist in the spec's order; the archived list is the owner's only. */
export function useWishList(userId: string | undefined, isArchived: boolean) {
  return useQuery({
    queryKey: wishListQueryKey(userId ?? '', isArchived),
    queryFn: () =>
      apiRequest<Wish[]>('GET', `/users/${encodeURIComponent(userId ?? '')}/wishes?archived=${isArchived}`),
    enabled: userId !== undefined,
  });
}
