import { WALL_FIRST_PAGE_SIZE } from '@sweetwish/shared/gift-message-rules';
import { queryOptions } from '@tanstack/react-query';
import { wallQueryKey } from '../../../components/profiles/wall-query-key';
import { api, ok } from '../../../lib/api-client';

/**
 * The first page of a creator's supporters wall (decision 101), empty while the creator has it off: loaded
 * with the profile by the route loader, or by the server that draws /{handle}, so the wall is drawn with the
 * page. Here only what the page's first load needs; the wall's own code loads when it has entries to draw.
 */
export function wallOptions(handle: string) {
  return queryOptions({
    queryKey: wallQueryKey(handle),
    queryFn: () =>
      ok(api.GET('/api/users/{handle}/wall', { params: { path: { handle }, query: { limit: WALL_FIRST_PAGE_SIZE } } })),
    retry: false,
  });
}
