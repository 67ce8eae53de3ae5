import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
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
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, ...(changes.displayName && { name: changes.displayName }), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await notifyChange(tx, { topic: 'profile', userId });
  });
}

/** Escapes LIKE's wildcards, so "sweet_one" matches an underscore and not any character. */
function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const searchColumns = { id: users.id, handle: users.handle, displayName: users.displayName, photoUrl: users.photoUrl };
const isComplete = and(isNotNull(users.handle), isNotNull(users.displayName));
const handleKey = sql`lower(${users.handle}) collate "C"`;
const nameKey = sql`lower(${users.displayName}) collate "C"`;
const words = sql`to_tsvector('simple', coalesce(${users.handle}, '') || ' ' || coalesce(${users.displayName}, ''))`;
const haystack = sql`lower(coalesce(${users.handle}, '') || ' ' || coalesce(${users.displayName}, ''))`;
/** Sorts after every string that starts with a given prefix: the highest code point. */
const AFTER_PREFIX = String.fromCodePoint(0x10ffff);

/**
 * Handles, then display names, that start with the term, each alphabetically, in one round trip: btree
 * range scans (users_handle_prefix_idx, users_display_name_prefix_idx) that stop at the limit. An exact
 * handle comes first, being the shortest handle with its own prefix. Ranges rather than LIKE, so the plan
 * needs no knowledge of the term and is cheap to make.
 */
export async function searchProfilesByPrefix(db: Database, term: string, limit: number) {
  const low = term.toLowerCase();
  const high = low + AFTER_PREFIX;
  const startingWith = (key: typeof handleKey, stage: number) =>
    db
      .select({ ...searchColumns, stage: sql<number>`${sql.raw(String(stage))}`.as('stage') })
      .from(users)
      .where(and(isComplete, sql`${key} >= ${low}`, sql`${key} < ${high}`))
      .orderBy(key)
      .limit(limit);
  const rows = await startingWith(handleKey, 1).unionAll(startingWith(nameKey, 2));
  return rows.sort((a, b) => a.stage - b.stage);
}

/**
 * Up to `limit` users, unordered, with a word equal to each of the term's words but the last and a word
 * starting with the last ("rosy hea" finds "Rosy Heart 12"): a GIN full-text scan (users_search_words_idx).
 * Whole words, unlike prefixes, let GIN skip through a word that thousands of names share.
 */
export async function searchProfilesByWords(db: Database, termWords: string[], limit: number) {
  // Words are letters and digits only, so the query cannot carry tsquery syntax.
  const query = termWords.map((w, i) => (i === termWords.length - 1 ? `${w}:*` : w)).join(' & ');
  return db
    .select(searchColumns)
    .from(users)
    .where(and(isComplete, sql`${words} @@ to_tsquery('simple', ${query})`))
    .limit(limit);
}

/**
 * Users whose handle or display name contains the term anywhere, in no particular order: a GIN trigram
 * scan (users_search_trgm_idx) that stops at the limit, however common the term.
 */
export async function searchProfilesBySubstring(db: Database, term: string, limit: number) {
  return db
    .select(searchColumns)
    .from(users)
    .where(and(isComplete, sql`${haystack} like ${`%${escapeLike(term.toLowerCase())}%`}`))
    .limit(limit);
}
