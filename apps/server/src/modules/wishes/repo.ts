import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { wishes } from './tables';

const wishColumns = {
  id: wishes.id,
  sellerId: wishes.sellerId,
  type: wishes.type,
  name: wishes.name,
  cost: wishes.cost,
  image: wishes.image,
  blurhash: wishes.blurhash,
  description: wishes.description,
  pinned: wishes.pinned,
  archived: wishes.archived,
  purchased: wishes.purchased,
  allowRepeatPurchases: wishes.allowRepeatPurchases,
  updatedAt: wishes.updatedAt,
};
export type WishRow = Awaited<ReturnType<typeof findWish>> & {};

export async function findWish(db: Database, id: string) {
  const [row] = await db.select(wishColumns).from(wishes).where(eq(wishes.id, id));
  return row;
}

/** One seller's wishes, archived or not, in the spec's order: not purchased, pinned, newest update. */
export async function listSellerWishes(db: Database, sellerId: string, archived: boolean) {
  return db
    .select(wishColumns)
    .from(wishes)
    .where(and(eq(wishes.sellerId, sellerId), eq(wishes.archived, archived)))
    .orderBy(asc(wishes.purchased), desc(wishes.pinned), desc(wishes.updatedAt), desc(wishes.id));
}

export async function insertWish(
  db: Database,
  values: Omit<typeof wishes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(wishes)
      .values({ ...values, id: randomUUID() })
      .returning(wishColumns);
    await notifyChange(tx, { topic: 'wishes', userId: values.sellerId });
    return row;
  });
}

/** Updates a wish only if it belongs to `sellerId`; undefined when there is no such wish of theirs. */
export async function updateSellerWish(
  db: Database,
  sellerId: string,
  id: string,
  changes: Partial<
    Pick<
      typeof wishes.$inferInsert,
      'name' | 'cost' | 'description' | 'allowRepeatPurchases' | 'pinned' | 'archived' | 'image' | 'blurhash'
    >
  >,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(wishes)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(wishes.id, id), eq(wishes.sellerId, sellerId)))
      .returning(wishColumns);
    if (row) await notifyChange(tx, { topic: 'wishes', userId: sellerId });
    return row;
  });
}

/** Archives all of a seller's wishes and removes their pictures; answers the pictures' addresses. */
export async function archiveAllOfSeller(db: Database, sellerId: string): Promise<string[]> {
  const pictures = await db
    .select({ image: wishes.image })
    .from(wishes)
    .where(eq(wishes.sellerId, sellerId))
    .for('update');
  await db
    .update(wishes)
    .set({ archived: true, image: null, blurhash: null, updatedAt: new Date() })
    .where(eq(wishes.sellerId, sellerId));
  await notifyChange(db, { topic: 'wishes', userId: sellerId });
  return pictures.flatMap((p) => (p.image ? [p.image] : []));
}
