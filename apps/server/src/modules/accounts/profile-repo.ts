import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { handleHistory, users } from './tables';

const publicColumns = {
  id: users.id,
  handle: users.handle,
  displayName: users.displayName,
  description: users.description,
  photoUrl: users.photoUrl,
  photoHash: users.photoHash,
  bannerUrl: users.bannerUrl,
  bannerHash: users.bannerHash,
  links: users.links,
};

export async function findPublicProfileById(db: Database, id: string) {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findPublicProfileByHandle(db: Database, handle: string) {
  const [row] = await db
    .select(publicColumns)
    .from(users)
    .where(eq(sql`lower(${users.handle})`, handle.toLowerCase()));
  return row;
}

/** Who last gave up this handle (the newest release), if anyone did. */
export async function findPreviousOwnerId(db: Database, handle: string) {
  const [row] = await db
    .select({ userId: handleHistory.userId })
    .from(handleHistory)
    .where(eq(sql`lower(${handleHistory.handle})`, handle.toLowerCase()))
    .orderBy(desc(handleHistory.releasedAt))
    .limit(1);
  return row?.userId;
}

export async function updateProfileRow(
  db: Database,
  userId: string,
  changes: Partial<
    Pick<
      typeof users.$inferInsert,
      'displayName' | 'description' | 'links' | 'photoUrl' | 'photoHash' | 'bannerUrl' | 'bannerHash'
    >
  >,
) {
  await db
    .update(users)
    .set({ ...changes, ...(changes.displayName && { name: changes.displayName }), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Escapes LIKE's wildcards, so "sweet_one" matches an underscore and not any character. */
function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Users whose handle or display name contains the term, closest first: the GiST trigram index serves
 * both the LIKE and the distance order, so a common word among 100,000 names stops at the limit.
 */
export async function searchProfiles(db: Database, term: string, limit: number) {
  const q = term.toLowerCase();
  const haystack = sql`lower(coalesce(${users.handle}, '') || ' ' || coalesce(${users.displayName}, ''))`;
  return db
    .select({ id: users.id, handle: users.handle, displayName: users.displayName, photoUrl: users.photoUrl })
    .from(users)
    .where(and(isNotNull(users.handle), isNotNull(users.displayName), sql`${haystack} like ${likePattern(q)}`))
    .orderBy(sql`${haystack} <-> ${q}`)
    .limit(limit);
}
