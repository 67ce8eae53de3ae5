import type { Database } from '../../db/client';
import { findUserIdsByHandle } from '../profiles/ids-by-handle';
import { findWishSellers } from '../wishes/sellers';

/**
 * Who owns each visited page, by `handle:{lowercase handle}` and `wish:{id}`: one read for the handles and
 * one for the wishes of a flush. Unknown pages are left out.
 */
export async function resolveVisitedPages(
  db: Database,
  visits: { page: 'profile' | 'share' | 'wish'; target: string }[],
): Promise<Map<string, { creatorId: string }>> {
  const handles = [...new Set(visits.filter((v) => v.page !== 'wish').map((v) => v.target))];
  const wishIds = [...new Set(visits.filter((v) => v.page === 'wish').map((v) => v.target))];
  const owners = new Map<string, { creatorId: string }>();
  for (const [handle, creatorId] of await findUserIdsByHandle(db, handles)) {
    owners.set(`handle:${handle}`, { creatorId });
  }
  for (const [wishId, creatorId] of await findWishSellers(db, wishIds)) owners.set(`wish:${wishId}`, { creatorId });
  return owners;
}
