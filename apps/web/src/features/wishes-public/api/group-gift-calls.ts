import type { ContributeInput } from '@sweetwish/shared/group-gifts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sellerWishListsQueryKey } from '../../../components/profiles/profile-queries';
import { ACTIVITY_QUERY_KEY, PURCHASES_QUERY_KEY, WALLET_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { wishQueryKey } from './wish-calls';

export const groupGiftQueryKey = (wishId: string) => ['group-gift', wishId] as const;

/** A group gift's progress, contributors and the viewer's own contributions (decision 033). */
export function groupGiftOptions(wishId: string) {
  return queryOptions({
    queryKey: groupGiftQueryKey(wishId),
    queryFn: () => ok(api.GET('/api/wishes/{id}/group-gift', { params: { path: { id: wishId } } })),
    // Others contribute meanwhile: the bar follows them while the page is open.
    refetchInterval: 15_000,
  });
}

/** What a contribution or a take-back changes: the wallet, the purchases, the wish and its wishlist. */
function useRefreshAfter(wishId: string, sellerId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        WALLET_QUERY_KEY,
        PURCHASES_QUERY_KEY,
        ACTIVITY_QUERY_KEY,
        wishQueryKey(wishId),
        groupGiftQueryKey(wishId),
        sellerWishListsQueryKey(sellerId),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** POST /api/wishes/{id}/contributions, one Idempotency-Key per contribution (decision 019). */
export function useContribute(wishId: string, sellerId: string) {
  const idempotencyKey = useIdempotencyKey();
  const refresh = useRefreshAfter(wishId, sellerId);
  return useMutation({
    mutationFn: (input: ContributeInput) =>
      ok(
        api.POST('/api/wishes/{id}/contributions', {
          params: { path: { id: wishId }, header: { 'idempotency-key': idempotencyKey.for(input) } },
          body: input,
        }),
      ),
    onError: (error) => idempotencyKey.settle(error),
    onSuccess: () => {
      idempotencyKey.settle();
      return refresh();
    },
  });
}

/** POST /api/contributions/{id}/take-back. */
export function useTakeBack(wishId: string, sellerId: string) {
  const refresh = useRefreshAfter(wishId, sellerId);
  return useMutation({
    mutationFn: (contributionId: string) =>
      ok(
        api.POST('/api/contributions/{id}/take-back', {
          params: { path: { id: contributionId }, header: { 'idempotency-key': `take-back-${contributionId}` } },
        }),
      ),
    onSettled: () => refresh(),
  });
}
