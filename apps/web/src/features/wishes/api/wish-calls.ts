import type { CreateWishInput, UpdateWishInput } from '@sweetwish/shared/wishes';
import { api, ok } from '../../../lib/api-client';

/** createProduct: POST /api/wishes. */
export function createWish(input: CreateWishInput) {
  return ok(api.POST('/api/wishes', { body: input }));
}

/** updateProduct: PATCH /api/wishes/{id} with only the fields that changed. */
export function updateWish(id: string, changes: UpdateWishInput) {
  return ok(api.PATCH('/api/wishes/{id}', { params: { path: { id } }, body: changes }));
}
