import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { wishes } from './tables';

/** Who lists each of these wishes (the visit counter's lookup; unknown ids are left out). */
export async function findWishSellers(db: Database, wishIds: string[]): Promise<Map<string, string>> {
  if (wishIds.length === 0) return new Map();
  const rows = await db
    .select({ id: wishes.id, sellerId: wishes.sellerId })
    .from(wishes)
    .where(inArray(wishes.id, wishIds));
  return new Map(rows.map((r) => [r.id, r.sellerId]));
}
