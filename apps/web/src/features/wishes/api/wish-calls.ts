import type { CreateWishInput, UpdateWishInput, Wish } from '@sweetwish/shared/wishes';
import { apiRequest } from '../../../lib/api-client';

/** createProduct: POST /api/wishes. */
export function createWish(input: CreateWishInput): Promise<Wish> {
  return apiRequest<Wish>('POST', '/wishes', { body: input });
}

/** updateProduct: PATCH /api/wishes/{id} with only the fields that changed. */
export function updateWish(id: string, changes: UpdateWishInput): Promise<Wish> {
  return apiRequest<Wish>('PATCH', `/wishes/${encodeURIComponent(id)}`, { body: changes });
}
