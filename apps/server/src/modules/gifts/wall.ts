import type { WallPage } from '@sweetwish/shared/gift-messages';
import { ANONYMOUS_NAME } from '@sweetwish/shared/overlay';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { getPublicProfile } from '../profiles/service';
import { findSettingsOfUser } from './message-settings-repo';
import { fanNameOf } from './messages';
import { hideWallRow, listWallRows } from './wall-rows';

/** The wall's states of a message that the creator let show: on arrival, or approved after review. */
const SHOWN_STATES: ReadonlySet<string> = new Set(['shown', 'approved']);

/**
 * The supporters wall of /{handle} (decisions 100 and 101): the creator's latest gifts and tips, newest
 * first, a page at a time by keyset, each with the fan's name or "Anonymous" and the fan's message when the
 * creator let it show (never a held or rejected one); none that the creator hid, nor one taken back by a
 * refund or dispute. Empty while the creator has it off.
 */
export async function getWall(db: Database, handle: string, page: PageRequest): Promise<WallPage> {
  const profile = await getPublicProfile(db, handle);
  if (!(await findSettingsOfUser(db, profile.id))?.isWallOn) return { items: [], nextCursor: null };
  const { rows, nextCursor } = cutPage(await listWallRows(db, profile.id, page), page, (row) => row.id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: fanNameOf(row) ?? ANONYMOUS_NAME,
      kind: row.type === 'tip' ? 'tip' : 'gift',
      wishName: row.type === 'standard' ? row.productName : null,
      message: row.messageState && SHOWN_STATES.has(row.messageState) ? row.message : null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The creator takes a gift off their wall, for everyone; anyone else's is not found. */
export async function hideWallEntry(db: Database, creatorId: string, purchaseId: string): Promise<void> {
  if (!(await hideWallRow(db, creatorId, purchaseId))) throw new AppError('NOT_FOUND', 'Not found');
}
