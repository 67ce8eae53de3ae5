import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import { type Database, queryRowsPrepared } from '../../db/client';
import { handleHistory, users } from '../accounts/tables';

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

// Suspended accounts are found by no one (decision 028).
const isComplete = sql`handle is not null and display_name is not null and suspended_at is null`;
const handleKey = sql`lower(handle) collate "C"`;
const nameKey = sql`lower(display_name) collate "C"`;
const words = sql`to_tsvector('simple', coalesce(handle, '') || ' ' || coalesce(display_name, ''))`;
const haystack = sql`lower(coalesce(handle, '') || ' ' || coalesce(display_name, ''))`;
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

/**
 * User search in ONE statement, three stages, closest and cheapest first; each later stage runs only when
 * the earlier ones left room, through a one-time filter on their (materialised) results, so it costs
 * nothing when skipped:
 * 1. prefix: handles, then display names, that start with the term, each alphabetically (btree range scans
 *    on users_handle_prefix_idx and users_display_name_prefix_idx that stop at the limit; an exact handle
 *    comes first, being the shortest handle with its own prefix). Ranges rather than LIKE, so the plan needs
 *    no knowledge of the term;
 * 2. words, when the prefixes did not fill the list: up to `candidates` names with a word equal to each of the
 *    term's words but the last and a word starting with the last ("rosy hea" finds "Rosy Heart 12"), a GIN
 *    full-text scan (users_search_words_idx) that skips through words thousands of names share;
 * 3. substring, only when nothing matched so far AND every trigram the term needs has been seen in some
 *    name (user_search_trigrams): up to `candidates` names containing the term anywhere, a GIN trigram scan
 *    (users_search_trgm_idx). A term that cannot match, the usual miss, never reaches that index.
 * Stages 2 and 3 come back unordered: the caller ranks them.
 */
export async function searchProfiles(
  db: Database,
  search: { term: string; tsQuery: string | undefined; trigrams: string[]; limit: number; candidates: number },
): Promise<SearchCandidate[]> {
  const low = search.term.toLowerCase();
  const high = low + AFTER_PREFIX;
  const columns = sql`id, handle, display_name as "displayName", photo_url as "photoUrl"`;
  const startingWith = (key: typeof handleKey, stage: number) => sql`
    select ${columns}, ${sql.raw(String(stage))} as stage, row_number() over (order by ${key}) as position
    from (select * from users where ${isComplete} and ${key} >= ${low} and ${key} < ${high}
          order by ${key} limit ${search.limit}) as matches`;
  const wordsMatch = search.tsQuery ? sql`${words} @@ to_tsquery('simple', ${search.tsQuery})` : sql`false`;
  const trigrams = `{${search.trigrams.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  // Prepared: planning this statement costs more than running it.
  return queryRowsPrepared<SearchCandidate>(
    db,
    sql`
    with prefix as materialized (
      (${startingWith(handleKey, 1)}) union all (${startingWith(nameKey, 2)})
    ), by_words as materialized (
      select ${columns}, 3 as stage, 0 as position from users
      where (select count(distinct id) from prefix) < ${search.limit}
        and ${isComplete} and ${wordsMatch}
      limit ${search.candidates}
    ), by_substring as (
      select ${columns}, 4 as stage, 0 as position from users
      where not exists (select 1 from prefix) and not exists (select 1 from by_words)
        and not exists (select 1 from unnest(${trigrams}::text[]) as needed(trigram)
                        where not exists (select 1 from user_search_trigrams s where s.trigram = needed.trigram))
        and ${isComplete} and ${haystack} like ${`%${escapeLike(low)}%`}
      limit ${search.candidates}
    ), found as (
      select * from prefix union all select * from by_words union all select * from by_substring
    )
    select id, handle, "displayName", "photoUrl",
           case when stage <= 2 then 'prefix' when stage = 3 then 'words' else 'substring' end as stage
    from found order by stage, position`,
  );
}

/** Whether `url` is the photo or banner of `ownerId`: a condition for the upload sweeper (media/repo.ts), which asks in one statement whether anything refers to a file. */
export function isProfileImage(ownerId: SQL, url: SQL): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${ownerId}
                     and (${users.photoUrl} = ${url} or ${users.bannerUrl} = ${url}))`;
}
