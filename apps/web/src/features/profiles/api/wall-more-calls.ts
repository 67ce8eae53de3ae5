import type { WallPage } from '@sweetwish/shared/gift-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { wallQueryKey } from '../../../components/profiles/wall-query-key';
import { api, ok } from '../../../lib/api-client';

/** The wall's entries after `cursor` (a page's nextCursor), the API's page size at a time. */
export function fetchWallPage(handle: string, cursor: string): Promise<WallPage> {
  return ok(api.GET('/api/users/{handle}/wall', { params: { path: { handle }, query: { cursor } } }));
}

/** The creator takes an entry off their wall, for everyone (POST /api/gift-messages/{id}/hide). */
export function useHideWallEntry(handle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) =>
      ok(api.POST('/api/gift-messages/{id}/hide', { params: { path: { id: purchaseId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wallQueryKey(handle) }),
  });
}
