import { api, ok } from '../../../lib/api-client';

/** Reads a store's product page for the Create wish form: POST /api/wish-imports (nothing is saved). */
export function importWishFromLink(url: string) {
  return ok(api.POST('/api/wish-imports', { body: { url } }));
}
