import type { PublicCache } from '../../changes/public-cache';
import type { Database } from '../../db/client';
import { getPublicProfile } from '../profiles/service';
import { listWishes } from './service';

/**
 * What /{handle} shows a visitor in one answer, the profile and its wishlist, as the bytes sent: the API's
 * answer, and what the server renders the page with (decision 042). Cached until either changes.
 */
export function profilePage(db: Database, publicCache: PublicCache, handle: string) {
  const key = handle.toLowerCase();
  const load = async () => {
    const profile = await getPublicProfile(db, key);
    return { profile, wishes: await listWishes(db, profile.id) };
  };
  return publicCache.getOrLoad(`page:${key}`, (p) => p.profile.id, load);
}
