import type { UserSearchResult } from '@sweetwish/shared/profiles';
import { apiRequest } from '../../../lib/api-client';

/** userSearch: GET /api/search/users?q=... */
export function searchUsers(term: string) {
  return apiRequest<UserSearchResult[]>('GET', `/search/users?q=${encodeURIComponent(term)}`);
}
