import { queryOptions } from '@tanstack/react-query';
import { api, ok } from './api-client';

/**
 * Whether this browser's session was ended by a suspension that still stands, with the moderator's reason
 * (GET /api/suspension; issue 53, item 2). Asked only of a signed-out visitor on a screen that needs a
 * user, and by the suspended screen; answered without the database when there is no session cookie.
 */
export const suspensionOptions = queryOptions({
  queryKey: ['suspension'] as const,
  queryFn: () => ok(api.GET('/api/suspension')),
  retry: false,
});
