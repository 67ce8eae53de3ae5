import type { BlockedUserPage, BlockStatus } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { userExists } from '../accounts/service';
import { deleteBlock, findBlock, findBlocksBetween, listBlocksOf, upsertBlock } from './repo';

// Blocks (issue 21, item 3; decision 028). Other modules ask through these functions, never the table:
// conversations (who may message whom, who may open a conversation) and gifts (who refuses whose gifts).

async function checkOther(db: Database, userId: string, otherId: string) {
  if (userId === otherId) throw new AppError('VALIDATION', SAFETY_MESSAGES.cannotBlockSelf);
  if (!(await userExists(db, otherId))) throw new AppError('NOT_FOUND', 'User Not Found');
}

export async function getBlockStatus(db: Database, userId: string, otherId: string): Promise<BlockStatus> {
  const row = await findBlock(db, userId, otherId);
  return { isBlocked: row !== undefined, refusesGifts: row?.refusesGifts ?? false };
}

/**
 * Blocks a user (again: only `refusesGifts` changes). `isAnonymous`: blocked from a conversation whose buyer
 * is anonymous to the blocker, so the blocked list never names them.
 */
export async function blockUser(
  db: Database,
  userId: string,
  otherId: string,
  options: { refusesGifts: boolean; isAnonymous?: boolean },
): Promise<BlockStatus> {
  await checkOther(db, userId, otherId);
  const { refusesGifts, isAnonymous = false } = options;
  await upsertBlock(db, { blockerId: userId, blockedId: otherId, refusesGifts, isAnonymous });
  return { isBlocked: true, refusesGifts };
}

export async function unblockUser(db: Database, userId: string, otherId: string): Promise<BlockStatus> {
  await deleteBlock(db, userId, otherId);
  return { isBlocked: false, refusesGifts: false };
}

/** The users someone blocked, newest first (settings). */
export async function listBlockedUsers(db: Database, userId: string, page: PageRequest): Promise<BlockedUserPage> {
  const { rows, nextCursor } = cutPage(await listBlocksOf(db, userId, page), page, (row) => row.blockedId);
  return {
    items: rows.map((row) => ({
      userId: row.blockedId,
      person:
        row.handle && row.displayName && !row.deletedAt && !row.isAnonymous
          ? { id: row.blockedId, handle: row.handle, displayName: row.displayName, photoUrl: row.photoUrl }
          : null,
      refusesGifts: row.refusesGifts,
      blockedAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** Between a user and others: whom the user blocked, and who blocked the user. */
export type BlocksAround = { blockedByMe: Set<string>; blockedMe: Set<string> };

export async function blocksAround(db: Database, userId: string, otherIds: string[]): Promise<BlocksAround> {
  const rows = await findBlocksBetween(db, userId, [...new Set(otherIds)]);
  const around: BlocksAround = { blockedByMe: new Set(), blockedMe: new Set() };
  for (const row of rows) {
    if (row.blockerId === userId) around.blockedByMe.add(row.blockedId);
    else around.blockedMe.add(row.blockerId);
  }
  return around;
}

/** Whether a block stands between two users, either way: neither may message the other (decision 028). */
export async function isEitherBlocked(db: Database, userId: string, otherId: string): Promise<boolean> {
  const around = await blocksAround(db, userId, [otherId]);
  return around.blockedByMe.size > 0 || around.blockedMe.size > 0;
}

/** Refuses a gift, tip or purchase from a buyer whom the recipient blocked with gifts refused. */
export async function checkGiftAllowed(db: Database, buyerId: string, recipientId: string): Promise<void> {
  const block = await findBlock(db, recipientId, buyerId);
  if (block?.refusesGifts) throw new AppError('FORBIDDEN', SAFETY_MESSAGES.giftsRefused);
}
