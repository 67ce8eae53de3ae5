import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { afterRankedKeyset, keyTime, type PageRequest } from '../../db/keyset';
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
  isGroupGift: wishes.isGroupGift,
  groupGiftFundedCents: wishes.groupGiftFundedCents,
  allowTakeBack: wishes.allowTakeBack,
  sourceUrl: wishes.sourceUrl,
  showSourceLink: wishes.showSourceLink,
};
export type WishRow = Awaited<ReturnType<typeof findWish>> & {};

export async function findWish(db: Database, id: string) {
  const [row] = await db.select(wishColumns).from(wishes).where(eq(wishes.id, id));
  return row;
}

/** A wish no moderator hid (decision 028): the only kind a page shows or a buyer may pay for. */
export async function findVisibleWish(db: Database, id: string) {
  const [row] = await db
    .select(wishColumns)
    .from(wishes)
    .where(and(eq(wishes.id, id), isNull(wishes.hiddenAt)));
  return row;
}

/** Hides a wish from every list, page and sale (a moderator's action); answers its seller, or undefined. */
export async function markWishHidden(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(wishes)
      .set({ hiddenAt: sql`coalesce(${wishes.hiddenAt}, now())` })
      .where(eq(wishes.id, id))
      .returning({ sellerId: wishes.sellerId });
    if (row) await notifyChange(tx, { topic: 'wishes', userId: row.sellerId });
    return row?.sellerId;
  });
}

/** One seller's wishes that are not archived (at most MAX_ACTIVE_WISHES), in product.md's order. */
export async function listSellerWishes(db: Database, sellerId: string) {
  return db
    .select(wishColumns)
    .from(wishes)
    .where(and(eq(wishes.sellerId, sellerId), eq(wishes.archived, false), isNull(wishes.hiddenAt)))
    .orderBy(asc(wishes.purchased), desc(wishes.pinned), desc(wishes.updatedAt), desc(wishes.id));
}

/** product.md's order as one number first: not purchased before purchased, then pinned before not. */
const wishRank = sql<number>`(${wishes.purchased}::int * 2 + (not ${wishes.pinned})::int)`;

/**
 * A page of a seller's archived wishes (they have no cap) in product.md's order: not purchased, pinned,
 * newest update; one row more tells that more follow.
 */
export async function listArchivedWishes(db: Database, sellerId: string, page: PageRequest) {
  return db
    .select({ ...wishColumns, pageKey: keyTime(wishes.updatedAt), pageRank: wishRank })
    .from(wishes)
    .where(
      and(
        eq(wishes.sellerId, sellerId),
        eq(wishes.archived, true),
        isNull(wishes.hiddenAt),
        afterRankedKeyset(wishRank, wishes.updatedAt, wishes.id, page.after),
      ),
    )
    .orderBy(asc(wishRank), desc(wishes.updatedAt), desc(wishes.id))
    .limit(page.limit + 1);
}

/**
 * Call in a transaction: whether the seller has fewer than `max` wishes on their list, neither archived nor
 * hidden by moderation (which they can neither see nor archive). Holds a lock on the seller's wishlist until
 * commit, so two requests at once cannot both take the last place.
 */
async function hasRoomForActiveWish(tx: Database, sellerId: string, max: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wishes:${sellerId}`}))`);
  const [row] = await tx
    .select({ active: count() })
    .from(wishes)
    .where(and(eq(wishes.sellerId, sellerId), eq(wishes.archived, false), isNull(wishes.hiddenAt)));
  return (row?.active ?? 0) < max;
}

/** Adds a wish; undefined, and nothing added, when the seller already has `maxActive` unarchived wishes. */
export async function insertWish(
  db: Database,
  values: Omit<typeof wishes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  maxActive: number,
) {
  return db.transaction(async (tx) => {
    if (!(await hasRoomForActiveWish(tx as unknown as Database, values.sellerId, maxActive))) return undefined;
    const [row] = await tx
      .insert(wishes)
      .values({ ...values, id: randomUUID() })
      .returning(wishColumns);
    await notifyChange(tx, { topic: 'wishes', userId: values.sellerId });
    return row;
  });
}

/**
 * Updates a wish only if it belongs to `sellerId`: 'not-found' when there is no such wish of theirs, 'full'
 * (and nothing changed) when it would restore an archived wish past `maxActive` unarchived ones.
 */
export async function updateSellerWish(
  db: Database,
  sellerId: string,
  id: string,
  changes: Partial<
    Pick<
      typeof wishes.$inferInsert,
      | 'name'
      | 'cost'
      | 'description'
      | 'allowRepeatPurchases'
      | 'pinned'
      | 'archived'
      | 'image'
      | 'blurhash'
      | 'allowTakeBack'
      | 'showSourceLink'
    >
  >,
  maxActive: number,
  beforeUpdate?: (tx: Database, current: WishRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    if (beforeUpdate) {
      // The row stays locked until commit: a contribution to a group gift waits for its archive (decision 033).
      const [current] = await tx
        .select(wishColumns)
        .from(wishes)
        .where(and(eq(wishes.id, id), eq(wishes.sellerId, sellerId), isNull(wishes.hiddenAt)))
        .for('update');
      if (!current) return 'not-found' as const;
      await beforeUpdate(tx as unknown as Database, current);
    }
    if (changes.archived === false) {
      const hasRoom = await hasRoomForActiveWish(tx as unknown as Database, sellerId, maxActive);
      const [current] = await tx
        .select({ archived: wishes.archived })
        .from(wishes)
        .where(and(eq(wishes.id, id), eq(wishes.sellerId, sellerId)));
      if (current?.archived && !hasRoom) return 'full' as const;
    }
    const [row] = await tx
      .update(wishes)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(wishes.id, id), eq(wishes.sellerId, sellerId), isNull(wishes.hiddenAt)))
      .returning(wishColumns);
    if (row) await notifyChange(tx, { topic: 'wishes', userId: sellerId });
    return row ?? ('not-found' as const);
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

/**
 * The guarded update of a group gift's funding (decision 033): adds `deltaCents` (negative to give back)
 * only if the total stays between 0 and the price, and the wish is a visible group gift of that seller,
 * neither archived nor funded. Reaching the price marks it purchased in the same statement. The row lock
 * it takes serialises every contribution to this wish until commit. Undefined when the guard refuses.
 */
export async function changeGroupGiftFunding(db: Database, wishId: string, sellerId: string, deltaCents: number) {
  const funded = sql`${wishes.groupGiftFundedCents} + ${deltaCents}`;
  const [row] = await db
    .update(wishes)
    .set({
      groupGiftFundedCents: sql`${funded}`,
      purchased: sql`${funded} = ${wishes.cost}::bigint * 100`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(wishes.id, wishId),
        eq(wishes.sellerId, sellerId),
        eq(wishes.isGroupGift, true),
        eq(wishes.archived, false),
        eq(wishes.purchased, false),
        // A wish a moderator hid takes nothing more, but gives back what it holds.
        deltaCents < 0 ? undefined : isNull(wishes.hiddenAt),
        sql`${funded} between 0 and ${wishes.cost}::bigint * 100`,
      ),
    )
    .returning(wishColumns);
  if (row) await notifyChange(db, { topic: 'wishes', userId: sellerId });
  return row;
}

/** Sets an unfunded group gift's funding back to zero (every contribution returned); call with the row locked. */
export async function clearGroupGiftFunding(db: Database, wishId: string) {
  await db
    .update(wishes)
    .set({ groupGiftFundedCents: 0 })
    .where(and(eq(wishes.id, wishId), eq(wishes.purchased, false)));
}

/** A seller's group gifts that hold contributions (not funded), locked in id order: account deletion. */
export async function lockHeldGroupGiftsOf(db: Database, sellerId: string) {
  return db
    .select(wishColumns)
    .from(wishes)
    .where(
      and(
        eq(wishes.sellerId, sellerId),
        eq(wishes.isGroupGift, true),
        eq(wishes.purchased, false),
        sql`${wishes.groupGiftFundedCents} > 0`,
      ),
    )
    .orderBy(asc(wishes.id))
    .for('update');
}

/** Locks wishes by id (in id order) and answers them: a fan's contributions being returned. */
export async function lockWishes(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(wishColumns).from(wishes).where(inArray(wishes.id, ids)).orderBy(asc(wishes.id)).for('update');
}

/** Whether `url` is the picture of one of `sellerId`'s wishes: a condition for the upload sweeper (media/repo.ts), which asks in one statement whether anything refers to a file. */
export function isWishImage(sellerId: SQL, url: SQL): SQL {
  return sql`exists (select 1 from ${wishes} where ${wishes.sellerId} = ${sellerId} and ${wishes.image} = ${url})`;
}
