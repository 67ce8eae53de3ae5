import { and, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { users } from './tables';

// The one way other modules read people (decision 024): a projection of the user row's public face, never
// the `users` table itself, so a new private column of it cannot leak into a list of fans or conversations.

/**
 * The columns a list shows of a person. A deleted account keeps its row (records refer to it) with
 * `deletedAt` set and its handle and names cleared: the caller shows it as "Anonymous".
 */
const personColumns = {
  id: users.id,
  handle: users.handle,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  deletedAt: users.deletedAt,
};

const queryBuilder = new QueryBuilder();

/**
 * People as a subquery named `name`, to join in the same statement as the rows that refer to them
 * (`innerJoin(people('buyer'), eq(...))`): a list and its people come in one round trip, and PostgreSQL
 * flattens the subquery into a plain join on the primary key. One name per join of the same statement.
 */
export function people<Name extends string>(name: Name) {
  return queryBuilder.select(personColumns).from(users).as(name);
}

/** The public face of a user (name, handle, photo), or undefined without a public profile (shown "Anonymous"). */
export async function getPublicPerson(db: Database, userId: string) {
  const person = people('person');
  const [row] = await db.select().from(person).where(eq(person.id, userId));
  if (!row?.handle || !row.displayName || row.deletedAt) return undefined;
  return { id: row.id, handle: row.handle, displayName: row.displayName, photoUrl: row.photoUrl };
}

/**
 * A page of the people a user invited (their affiliate), newest account first, with when they joined; one
 * row more tells that more follow. A deleted account no longer names its affiliate (scrubUser), so it is not here.
 */
export async function listInvitedPeople(db: Database, affiliateId: string, page: PageRequest) {
  return db
    .select({ ...personColumns, joinedAt: users.createdAt, pageKey: keyTime(users.createdAt) })
    .from(users)
    .where(and(eq(users.affiliateId, affiliateId), afterKeyset(users.createdAt, users.id, page.after)))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(page.limit + 1);
}
