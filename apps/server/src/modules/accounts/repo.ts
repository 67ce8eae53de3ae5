import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { handleHistory, users } from './tables';

const profileColumns = {
  id: users.id,
  handle: users.handle,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  phoneNumber: users.phoneNumber,
  email: users.email,
  affiliateId: users.affiliateId,
};

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByHandle(db: Database, handle: string) {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .where(eq(sql`lower(${users.handle})`, handle.toLowerCase()));
  return row;
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

/** Who receives a gift: complete profiles only; the affiliate earns a share of it (design.md section 3). */
export async function findGiftRecipient(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, handle: users.handle, affiliateId: users.affiliateId })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.handle), isNotNull(users.displayName)));
  return row && { id: row.id, affiliateId: row.affiliateId ?? undefined };
}
