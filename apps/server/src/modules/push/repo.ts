import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions, vapidKeys } from './tables';

export type SubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };

/**
 * Registers a device for a user; an address registered before (by them or by someone who used this browser
 * earlier) now belongs to this user with these keys. Keeps only the user's `maxDevices` newest devices.
 */
export async function upsertSubscription(
  db: Database,
  values: { userId: string; endpoint: string; p256dh: string; auth: string },
  maxDevices: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`now()` },
      });
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, values.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(maxDevices);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, values.userId), notInArray(pushSubscriptions.id, keep)));
  });
}

/** Removes one of the user's own devices; false when they have none at that address. */
export async function deleteOwnSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscriptions(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function listSubscriptions(db: Database, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** The stored key pair, writing `generated` first if there is none yet (the first instance to ask wins). */
export async function findOrInsertVapidKeys(
  db: Database,
  generated: { publicKey: string; privateKey: string },
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...generated })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .where(eq(vapidKeys.id, 1));
  if (!row) throw new Error('the VAPID keys could not be stored');
  return row;
}

/** Every device of a user: their account is being deleted (modules/accounts/delete-account.ts). */
export async function deleteSubscriptionsOf(db: Database, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
