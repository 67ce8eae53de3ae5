import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { accounts, handleHistory, sessions, users } from './tables';

const userColumns = {
  id: users.id,
  handle: users.handle,
  displayName: users.displayName,
  /** better-auth's name: the provider's, the phone number for phone sign-ups, empty for e-mail links. */
  name: users.name,
  photoUrl: users.photoUrl,
  phoneNumber: users.phoneNumber,
  email: users.email,
  affiliateId: users.affiliateId,
  deletedAt: users.deletedAt,
  emailVerified: users.emailVerified,
  suspendedAt: users.suspendedAt,
};

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Who receives a gift: complete profiles only; the affiliate earns a share of it (architecture.md section 3). */
export async function findGiftRecipient(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, handle: users.handle, affiliateId: users.affiliateId })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.handle), isNotNull(users.displayName), isNull(users.suspendedAt)));
  return row && { id: row.id, affiliateId: row.affiliateId ?? undefined };
}

/** Ends every session of the user; answers the ended sessions' tokens and expiry (a suspension keeps their hashes). */
export async function deleteSessionsOf(db: Database, userId: string): Promise<{ token: string; expiresAt: Date }[]> {
  return db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ token: sessions.token, expiresAt: sessions.expiresAt });
}

/**
 * The account's row, locked against other changes until the transaction ends (not against rows that merely
 * refer to it, such as a purchase being recorded); undefined when it is gone or deleted.
 */
export async function lockLiveUser(db: Database, userId: string) {
  const [row] = await db
    .select({ handle: users.handle, photoUrl: users.photoUrl, bannerUrl: users.bannerUrl })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('no key update');
  return row;
}

/**
 * Removes a user's personal data and ways to sign in, keeping the row that records refer to. The handle goes
 * to the history, where it stays reserved for 30 days (architecture.md section 8); nobody keeps earning as the
 * deleted user's invitees' affiliate.
 */
export async function scrubUser(db: Database, userId: string, handle: string | null) {
  await db
    .update(users)
    .set({
      name: 'Deleted account',
      email: `deleted-${userId}@deleted.sweetwish.invalid`,
      emailVerified: false,
      image: null,
      phoneNumber: null,
      phoneNumberVerified: false,
      handle: null,
      displayName: null,
      description: null,
      photoUrl: null,
      photoHash: null,
      bannerUrl: null,
      bannerHash: null,
      links: [],
      affiliateId: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await db.update(users).set({ affiliateId: null }).where(eq(users.affiliateId, userId));
  await db.delete(accounts).where(eq(accounts.userId, userId));
  await deleteSessionsOf(db, userId);
  if (handle) await db.insert(handleHistory).values({ id: randomUUID(), userId, handle });
}

/** Marks the account suspended (decision 028); false when it is unknown, deleted or suspended already. */
export async function markSuspended(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Lifts a suspension; false when the account is unknown, deleted or not suspended. */
export async function markNotSuspended(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A page of the suspended accounts, the latest suspended first (users_suspended_idx). */
export async function listSuspendedUsers(db: Database, page: PageRequest) {
  return db
    .select({
      id: users.id,
      handle: users.handle,
      displayName: users.displayName,
      // Never null here (the where clause), which the column's type cannot say.
      suspendedAt: sql<Date>`${users.suspendedAt}`.mapWith(users.suspendedAt),
      pageKey: keyTime(users.suspendedAt),
    })
    .from(users)
    .where(
      and(isNotNull(users.suspendedAt), isNull(users.deletedAt), afterKeyset(users.suspendedAt, users.id, page.after)),
    )
    .orderBy(...newestFirst(users.suspendedAt, users.id))
    .limit(page.limit + 1);
}

/** Whether the account is suspended (a sign-in is refused). */
export async function isUserSuspended(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return row?.suspendedAt != null;
}
