import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import { createBatcher } from '../../db/batcher';
import { type Database, queryRowsPrepared } from '../../db/client';
import { handleHistory, users } from './tables';

// The public profile's reads and writes of the user row, which accounts owns: modules/profiles calls these
// for profiles, handles and search (decision 071).

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
  suspendedAt: users.suspendedAt,
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

/** Whether someone other than `userId` released this handle less than `since` ago (it stays theirs). */
export async function isHandleHeldForPreviousOwner(
  db: Database,
  handle: string,
  userId: string | undefined,
  since: Date,
) {
  const [row] = await db
    .select({ id: handleHistory.id })
    .from(handleHistory)
    .where(
      and(
        eq(sql`lower(${handleHistory.handle})`, handle.toLowerCase()),
        gt(handleHistory.releasedAt, since),
        userId ? ne(handleHistory.userId, userId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sets handle and display name on a profile that has no handle yet, and the inviter if it has none.
 * Returns false when the profile was already complete. A taken handle fails on the unique index.
 */
export async function completeProfileRow(
  db: Database,
  userId: string,
  values: { handle: string; displayName: string; affiliateId: string | undefined },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        handle: values.handle,
        displayName: values.displayName,
        name: values.displayName,
        affiliateId: sql`coalesce(${users.affiliateId}, ${values.affiliateId ?? null})`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), isNull(users.handle)))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    await notifyChange(tx, { topic: 'handle', handle: values.handle.toLowerCase() });
    return true;
  });
}

/** Changes the handle, keeping the old one in the history, in one transaction. */
export async function changeHandle(db: Database, userId: string, oldHandle: string, newHandle: string) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ handle: newHandle, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.insert(handleHistory).values({ id: randomUUID(), userId, handle: oldHandle });
    await notifyChange(tx, { topic: 'handle', handle: newHandle.toLowerCase() });
    await notifyChange(tx, { topic: 'profile', userId });
  });
}

/** Escapes LIKE's wildcards, so "sweet_one" matches an underscore and not any character. */
function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Sorts after every string that starts with a given prefix: the highest code point. */
const AFTER_PREFIX = String.fromCodePoint(0x10ffff);

export type SearchStage = 'prefix' | 'words' | 'substring';
export type SearchCandidate = {
  id: string;
  handle: string;
  displayName: string;
  photoUrl: string | null;
  stage: SearchStage;
};

export type ProfileSearch = {
  term: string;
  tsQuery: string | undefined;
  word: string | undefined;
  afterFirstWordQuery: string | undefined;
  trigrams: string[];
  limit: number;
  candidates: number;
};

/** At most this many searches share a statement: a few milliseconds of the database's time. */
const MAX_SEARCHES_PER_STATEMENT = 16;

/**
 * Statements under way at once per instance: a batch's searches run one after another in one backend, so
 * two keep the database's two cores busy and a third is sent or read meanwhile; more bring back the wake-ups.
 */
const SEARCH_STATEMENTS_IN_FLIGHT = 3;

/** One batcher per database: searches under way on one share its statements. */
const searchBatchers = new WeakMap<Database, (search: ProfileSearch) => Promise<SearchCandidate[] | Error>>();

/**
 * User search through the database function search_users() (sql/search_users.sql, which says how its
 * three stages use the indexes; suspended accounts are found by no one, decision 028). Stages 2 and 3 come
 * back unordered: the caller ranks them. Searches that arrive while statements run go together in the
 * next (db/batcher.ts): at low load a search runs alone and at once; under load, one round trip and one
 * wake-up of the database serve many (decision 041).
 */
export async function searchProfiles(db: Database, search: ProfileSearch): Promise<SearchCandidate[]> {
  let batcher = searchBatchers.get(db);
  if (!batcher) {
    batcher = createBatcher(
      (searches: ProfileSearch[]) => searchProfilesTogether(db, searches),
      MAX_SEARCHES_PER_STATEMENT,
      SEARCH_STATEMENTS_IN_FLIGHT,
    );
    searchBatchers.set(db, batcher);
  }
  const found = await batcher(search);
  if (found instanceof Error) throw found;
  return found;
}

/**
 * Each search's candidates, in one statement: search_users() once per search, in order. A statement that
 * fails is tried again search by search, so that one search's error is its own and not its batch's.
 */
async function searchProfilesTogether(db: Database, searches: ProfileSearch[]): Promise<(SearchCandidate[] | Error)[]> {
  try {
    return await searchProfilesInOneStatement(db, searches);
  } catch (err) {
    if (searches.length === 1) throw err;
    const alone = (search: ProfileSearch) =>
      searchProfilesInOneStatement(db, [search]).then(
        ([found]) => found ?? [],
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    return Promise.all(searches.map(alone));
  }
}

/**
 * A search alone runs search_users() directly. Searches together go through unnest(): PostgreSQL plans that
 * statement again on every run (its estimates depend on the arrays' lengths), 0.1 ms that only a batch repays.
 */
async function searchProfilesInOneStatement(db: Database, searches: ProfileSearch[]): Promise<SearchCandidate[][]> {
  const [first] = searches;
  if (searches.length === 1 && first) return [await searchAlone(db, first)];
  const column = (value: (search: ProfileSearch) => string | null) => sql.param(searches.map(value));
  const rows = await queryRowsPrepared<SearchCandidate & { i: string }>(
    db,
    sql`select t.i, s.id, s.handle, s.display_name as "displayName", s.photo_url as "photoUrl", s.stage
        from unnest(${column(lowOf)}::text[], ${column(highOf)}::text[], ${column((q) => String(q.limit))}::int[],
                    ${column((q) => q.tsQuery ?? null)}::text[], ${column((q) => q.word ?? null)}::text[],
                    ${column((q) => q.afterFirstWordQuery ?? null)}::text[], ${column((q) => q.trigrams.join(','))}::text[],
                    ${column(likeOf)}::text[], ${column((q) => String(q.candidates))}::int[])
               with ordinality as t(low, high, lim, ts_query, word, after_first_word, trigrams, like_pattern, candidates, i)
        cross join lateral search_users(t.low, t.high, t.lim, t.ts_query, t.word, t.after_first_word,
                                        string_to_array(t.trigrams, ','), t.like_pattern, t.candidates)
               with ordinality as s(id, handle, display_name, photo_url, stage, n)
        order by t.i, s.n`,
  );
  const found = searches.map((): SearchCandidate[] => []);
  for (const { i, ...candidate } of rows) found[Number(i) - 1]?.push(candidate);
  return found;
}

function searchAlone(db: Database, search: ProfileSearch): Promise<SearchCandidate[]> {
  return queryRowsPrepared<SearchCandidate>(
    db,
    sql`select id, handle, display_name as "displayName", photo_url as "photoUrl", stage
        from search_users(${lowOf(search)}, ${highOf(search)}, ${search.limit}, ${search.tsQuery ?? null},
                          ${search.word ?? null}, ${search.afterFirstWordQuery ?? null},
                          ${sql.param(search.trigrams)}::text[], ${likeOf(search)}, ${search.candidates})`,
  );
}

const lowOf = (search: ProfileSearch) => search.term.toLowerCase();
const highOf = (search: ProfileSearch) => lowOf(search) + AFTER_PREFIX;
const likeOf = (search: ProfileSearch) => `%${escapeLike(lowOf(search))}%`;

/** Whether `url` is the photo or banner of `ownerId`: a condition for the upload sweeper (media/repo.ts), which asks in one statement whether anything refers to a file. */
export function isProfileImage(ownerId: SQL, url: SQL): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${ownerId}
                     and (${users.photoUrl} = ${url} or ${users.bannerUrl} = ${url}))`;
}
