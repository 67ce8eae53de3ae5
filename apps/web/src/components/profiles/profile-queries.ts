import { queryOptions } from '@tanstack/react-query';
import { api, ok } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';

/**
 * A creator's public profile and wishlist in the query cache, with one key each (decision 025). Here rather
 * than in a feature: the public profile and the profile editor read the same profile.
 */
export const profileQueryKey = (handle: string) => ['profile', handle.toLowerCase()] as const;
export const wishListQueryKey = (userId: string, isArchived: boolean) => ['wishes', userId, isArchived] as const;
/** Every wishlist of a seller (both filters), to invalidate after a change to one of their wishes. */
export const sellerWishListsQueryKey = (userId: string) => ['wishes', userId] as const;

/**
 * A creator's public profile by handle; an old handle answers with the current one; 404 when nobody holds
 * it. Asked with the public wishlist in one round trip (GET /api/users/{handle}/page, decision 022), which
 * fills the wishlist's query too.
 */
export function profileOptions(handle: string) {
  return queryOptions({
    queryKey: profileQueryKey(handle),
    queryFn: async ({ client }) => {
      const page = await ok(api.GET('/api/users/{handle}/page', { params: { path: { handle } } }));
      client.setQueryData(wishListQueryKey(page.profile.id, false), page.wishes);
      return page.profile;
    },
    retry: false,
    // A failure the route loader met is shown as it is, not asked again when the screen mounts.
    retryOnMount: false,
  });
}

/** A creator's wishlist (the wishes not archived, at most 1,000) in product.md's order. */
export function wishListOptions(userId: string) {
  return queryOptions({
    queryKey: wishListQueryKey(userId, false),
    queryFn: () => ok(api.GET('/api/users/{id}/wishes', { params: { path: { id: userId } } })),
  });
}

/** The owner's archived wishes in product.md's order, page by page (they have no cap; decision 027). */
export function archivedWishesOptions(userId: string) {
  return pagedListOptions(wishListQueryKey(userId, true), (cursor) =>
    ok(api.GET('/api/users/{id}/archived-wishes', { params: { path: { id: userId }, query: { cursor } } })),
  );
}
