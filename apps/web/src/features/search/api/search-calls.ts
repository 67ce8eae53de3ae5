import { api, ok } from '../../../lib/api-client';

/** userSearch: GET /api/search/users?q=... */
export function searchUsers(term: string) {
  return ok(api.GET('/api/search/users', { params: { query: { q: term } } }));
}
