import { and, eq, or } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../accounts/people';
import { fanMemberships } from './tables';

export async function findMembership(db: Database, creatorId: string, fanId: string) {
  const [row] = await db
    .select({ joinedAt: fanMemberships.joinedAt })
    .from(fanMemberships)
    .where(and(eq(fanMemberships.creatorId, creatorId), eq(fanMemberships.fanId, fanId)));
  return row;
}

export async function insertMembership(db: Database, creatorId: string, fanId: string) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(fanMemberships)
      .values({ creatorId, fanId })
      .onConflictDoNothing()
      .returning({ fanId: fanMemberships.fanId });
    if (rows.length > 0) await notifyChange(tx, { topic: 'fans', userId: creatorId });
  });
}

export async function deleteMembership(db: Database, creatorId: string, fanId: string) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(fanMemberships)
      .where(and(eq(fanMemberships.creatorId, creatorId), eq(fanMemberships.fanId, fanId)))
      .returning({ fanId: fanMemberships.fanId });
    if (rows.length > 0) await notifyChange(tx, { topic: 'fans', userId: creatorId });
  });
}

const fan = people('fan');

/** A page of a creator's fans, newest first, with their public identity; one row more tells that more follow. */
export async function listCreatorFans(db: Database, creatorId: string, page: PageRequest) {
  return db
    .select({
      fanId: fanMemberships.fanId,
      joinedAt: fanMemberships.joinedAt,
      handle: fan.handle,
      displayName: fan.displayName,
      photoUrl: fan.photoUrl,
      deletedAt: fan.deletedAt,
      pageKey: keyTime(fanMemberships.joinedAt),
    })
    .from(fanMemberships)
    .innerJoin(fan, eq(fan.id, fanMemberships.fanId))
    .where(
      and(
        eq(fanMemberships.creatorId, creatorId),
        afterKeyset(fanMemberships.joinedAt, fanMemberships.fanId, page.after),
      ),
    )
    .orderBy(...newestFirst(fanMemberships.joinedAt, fanMemberships.fanId))
    .limit(page.limit + 1);
}

/** Removes every membership of a user, as fan and as creator (account deletion). */
export async function deleteMembershipsOf(db: Database, userId: string) {
  await db.delete(fanMemberships).where(or(eq(fanMemberships.creatorId, userId), eq(fanMemberships.fanId, userId)));
}
