import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { uploads } from './tables';

/** The bytes a user's stored files take. */
export async function usedBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Records files about to be stored for a user, unless they would take the user past `quotaBytes`: false then,
 * and nothing is recorded. A lock per user makes the sum and the insert one step, so uploads at once from one
 * user cannot each see room for themselves.
 */
export async function recordUploads(
  db: Database,
  userId: string,
  files: { key: string; bytes: number }[],
  quotaBytes: number,
  checkAfter: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
    const adding = files.reduce((sum, file) => sum + file.bytes, 0);
    if ((await usedBytes(tx as unknown as Database, userId)) + adding > quotaBytes) return false;
    await tx.insert(uploads).values(files.map((file) => ({ ...file, userId, checkAfter })));
    return true;
  });
}

/** Forgets files that were never stored (their storing failed). */
export async function forgetUploads(db: Database, keys: string[]): Promise<void> {
  await db.delete(uploads).where(inArray(uploads.key, keys));
}

/** The columns of an upload row a condition on it may name, as SQL over the sweep's alias `u`. */
export type UploadColumns = { owner: SQL; url: SQL; key: SQL; conversation: SQL };

/**
 * Due uploads (checkAfter passed), at most `limit`, locked for this transaction and skipped by any other
 * instance sweeping at once, each with whether `isReferenced` holds for it (the upload sweep asks the modules
 * that store images, in this one statement).
 */
export async function claimDueUploads(
  db: Database,
  now: Date,
  limit: number,
  isReferenced: (upload: UploadColumns) => SQL,
) {
  const upload = {
    owner: sql`u.user_id`,
    url: sql`'/media/' || u.key`,
    key: sql`u.key`,
    conversation: sql`split_part(u.key, '/', 3)`,
  };
  return queryRows<{ key: string; is_referenced: boolean }>(
    db,
    sql`select u.key, ${isReferenced(upload)} as is_referenced
        from ${uploads} u
        where u.check_after <= ${now.toISOString()}::timestamptz
        order by u.check_after
        limit ${limit}
        for update of u skip locked`,
  );
}

/** Removes the rows of files that were deleted, and puts off the next check of those still referred to. */
export async function settleSweptUploads(
  db: Database,
  removedKeys: string[],
  keptKeys: string[],
  nextCheck: Date,
): Promise<void> {
  if (removedKeys.length > 0) await db.delete(uploads).where(inArray(uploads.key, removedKeys));
  if (keptKeys.length > 0) {
    await db.update(uploads).set({ checkAfter: nextCheck }).where(inArray(uploads.key, keptKeys));
  }
}
