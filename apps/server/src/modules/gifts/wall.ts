import type { WallPage } from '@sweetwish/shared/gift-messages';
import { ANONYMOUS_NAME } from '@sweetwish/shared/overlay';
import type { Database } from '../../db/client';
import type { PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { getPublicProfile } from '../profiles/service';
import { findSettingsOfUser } from './message-settings-repo';
import { hideFromWall, wallPage } from './messages';

/**
 * The supporters wall of /{handle} (decision 100): the messages the creator let show (shown on arrival or
 * approved), newest first, a page at a time by keyset, with the fan's name or "Anonymous"; none that the
 * creator hid, nor of a gift taken back by a refund or dispute. Empty while the creator has it off.
 */
export async function getWall(db: Database, handle: string, page: PageRequest): Promise<WallPage> {
  const profile = await getPublicProfile(db, handle);
  if (!(await findSettingsOfUser(db, profile.id))?.isWallOn) return { items: [], nextCursor: null };
  const { gifts, nextCursor } = await wallPage(db, profile.id, page);
  return {
    items: gifts.map((gift) => ({
      id: gift.id,
      name: gift.buyerName ?? ANONYMOUS_NAME,
      kind: gift.type === 'tip' ? 'tip' : 'gift',
      wishName: gift.product?.name ?? null,
      message: gift.message ?? '',
      createdAt: gift.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The creator takes a message off their wall; anyone else's is not found. */
export async function hideWallEntry(db: Database, creatorId: string, purchaseId: string): Promise<void> {
  if (!(await hideFromWall(db, creatorId, purchaseId))) throw new AppError('NOT_FOUND', 'Not found');
}
