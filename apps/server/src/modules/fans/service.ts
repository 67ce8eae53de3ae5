import type { FanMembership, FanPage } from '@sweetwish/shared/fans';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { getGiftRecipient } from '../accounts/service';
import { hasRewarded, namedTotalsGiven } from '../gifts/service';
import { deleteMembership, deleteMembershipsOf, findMembership, insertMembership, listCreatorFans } from './repo';

export const FAN_MESSAGES = {
  notAFan: 'Only fans who have sent this creator a gift or tip can join their fan base.',
  noCreator: 'User Not Found',
} as const;

async function creatorOf(db: Database, creatorId: string) {
  const creator = await getGiftRecipient(db, creatorId);
  if (!creator) throw new AppError('NOT_FOUND', FAN_MESSAGES.noCreator);
  return creator;
}

/** Whether the viewer may join the creator's fan base (they rewarded them) and whether they have. */
export async function getMembership(db: Database, fanId: string, creatorId: string): Promise<FanMembership> {
  await creatorOf(db, creatorId);
  const [canJoin, membership] = await Promise.all([
    fanId === creatorId ? false : hasRewarded(db, fanId, creatorId),
    findMembership(db, creatorId, fanId),
  ]);
  return { canJoin, isMember: membership !== undefined };
}

/** Opts in to the creator's fan base: only someone who rewarded the creator can (product.md section 1). */
export async function joinFanBase(db: Database, fanId: string, creatorId: string): Promise<FanMembership> {
  const { canJoin } = await getMembership(db, fanId, creatorId);
  if (!canJoin) throw new AppError('FORBIDDEN', FAN_MESSAGES.notAFan);
  await insertMembership(db, creatorId, fanId);
  return { canJoin, isMember: true };
}

export async function leaveFanBase(db: Database, fanId: string, creatorId: string): Promise<FanMembership> {
  await deleteMembership(db, creatorId, fanId);
  return getMembership(db, fanId, creatorId);
}

/** A page of the creator's fans, newest first: who (or "Anonymous"), what they gave under their name, since when. */
export async function listFans(db: Database, creatorId: string, page: PageRequest): Promise<FanPage> {
  const { rows, nextCursor } = cutPage(await listCreatorFans(db, creatorId, page), page, (row) => row.fanId);
  const totals = await namedTotalsGiven(
    db,
    creatorId,
    rows.map((r) => r.fanId),
  );
  const items = rows.map((row) => ({
    fan:
      row.handle && row.displayName && !row.deletedAt
        ? { id: row.fanId, handle: row.handle, displayName: row.displayName, photoUrl: row.photoUrl }
        : null,
    totalGivenCents: totals.get(row.fanId) ?? 0,
    since: row.joinedAt.toISOString(),
  }));
  return { items, nextCursor };
}

/** Call in the transaction that deletes the account. */
export async function forgetFanMemberships(db: Database, userId: string): Promise<void> {
  await deleteMembershipsOf(db, userId);
}
