import { UserSearchResults } from '@sweetwish/shared/profiles';
import { apiRequest } from '../../../lib/api-client';

/** userSearch: GET /api/search/users?q=... */
export function searchUsers(term: string) {
  return apiRequest('GET', `/search/users?q=${encodeURIComponent(term)}`, { response: UserSearchResults });
}
