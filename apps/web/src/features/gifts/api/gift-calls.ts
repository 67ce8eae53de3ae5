import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_QUERY_KEY, PURCHASES_QUERY_KEY, RECEIVED_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';
import { useMe } from '../../../lib/session';

const purchaseQueryKey = (id: string) => [...PURCHASES_QUERY_KEY, id] as const;
const receivedItemQueryKey = (id: string) => [...RECEIVED_QUERY_KEY, id] as const;

/** The signed-in buyer's purchases and tips, newest first, page by page (GET /api/purchases). */
export const purchasesOptions = pagedListOptions(PURCHASES_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/purchases', { params: { query: { cursor } } })),
);

export function usePurchases() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...purchasesOptions, enabled: isSignedIn });
}

/** One of the buyer's purchases (GET /api/purchases/{id}); 404 when it is not theirs. */
export function purchaseOptions(id: string) {
  return queryOptions({
    queryKey: purchaseQueryKey(id),
    queryFn: () => ok(api.GET('/api/purchases/{id}', { params: { path: { id } } })),
    retry: false,
  });
}

export function usePurchase(id: string) {
  const { isSignedIn } = useMe();
  return useQuery({ ...purchaseOptions(id), enabled: isSignedIn });
}

/** The gifts and tips the signed-in user received, newest first, page by page (GET /api/received). */
export const receivedOptions = pagedListOptions(RECEIVED_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/received', { params: { query: { cursor } } })),
);

export function useReceived() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...receivedOptions, enabled: isSignedIn });
}

/** One received gift or tip (GET /api/received/{id}); 404 when it is not the user's. */
export function receivedItemOptions(id: string) {
  return queryOptions({
    queryKey: receivedItemQueryKey(id),
    queryFn: () => ok(api.GET('/api/received/{id}', { params: { path: { id } } })),
    retry: false,
  });
}

export function useReceivedItem(id: string) {
  const { isSignedIn } = useMe();
  return useQuery({ ...receivedItemOptions(id), enabled: isSignedIn });
}

/** Mark purchase seen (POST /api/received/{id}/seen): the list's dot and the side menu's badge go. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.POST('/api/received/{id}/seen', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RECEIVED_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
      ]),
  });
}
