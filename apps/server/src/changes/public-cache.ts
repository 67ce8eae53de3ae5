import type { Change, ChangeFeed, Resync } from './change-feed';

/**
 * Public pages (a profile by handle, a seller's wishlist, the two together as the page fans land on, a
 * search's results) are read far more often
 * than they change, so
 * each instance keeps recent answers in memory and drops them when the change feed says they changed,
 * whichever instance made the change. The TTL only bounds the damage of a missed notification.
 */
export type PublicCache = {
  /** The cached answer for the key, else load() stored under it, tagged with the user it belongs to. */
  getOrLoad: <T>(key: PublicCacheKey, ownerOf: (value: T) => string, load: () => Promise<T>) => Promise<T>;
  /**
   * Drops what a write through this instance changed, once it has committed. Other instances hear of it
   * through the change feed; this one must not wait for that, or its writer could read its old state back.
   */
  forget: (...changes: Change[]) => void;
};

export type PublicCacheKey = `profile:${string}` | `page:${string}` | `wishes:${string}` | `search:${string}`;

type Entry = { value: unknown; ownerId: string; expiresAt: number };

export function createPublicCache(
  feed: ChangeFeed,
  options: { maxEntries?: number; ttlMs?: number; now?: () => number; enabled?: boolean } = {},
): PublicCache {
  const { maxEntries = 10_000, ttlMs = 60_000, now = Date.now, enabled = true } = options;
  // PUBLIC_CACHE=off (benchmarks): every read goes to the database.
  if (!enabled) return { forget: () => {}, getOrLoad: (_key, _ownerOf, load) => load() };
  const entries = new Map<string, Entry>();
  // Bumped by every change: a load that overlapped one may have read the old state, so it is not kept.
  let generation = 0;

  const forget = (change: Change | Resync) => {
    generation++;
    if (change.topic === 'resync') return entries.clear();
    // Any name or handle may change any search's results: they all go.
    if (change.topic === 'handle' || change.topic === 'profile') {
      for (const key of entries.keys()) if (key.startsWith('search:')) entries.delete(key);
    }
    if (change.topic === 'handle') {
      entries.delete(`profile:${change.handle}`);
      entries.delete(`page:${change.handle}`);
      return;
    }
    if (change.topic === 'wishes') entries.delete(`wishes:${change.userId}`);
    else if (change.topic !== 'profile') return;
    // A profile, and its page with the wishlist, are cached under each handle they were asked by (the
    // current one and past ones).
    const owned = change.topic === 'wishes' ? ['page:'] : ['profile:', 'page:'];
    for (const [key, entry] of entries) {
      if (entry.ownerId === change.userId && owned.some((prefix) => key.startsWith(prefix))) entries.delete(key);
    }
  };
  feed.subscribe(forget);

  return {
    forget: (...changes) => {
      for (const change of changes) forget(change);
    },
    getOrLoad: async (key, ownerOf, load) => {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // Re-inserted so the Map's order is least recently used first.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Awaited<ReturnType<typeof load>>;
      }
      const startedAt = generation;
      const value = await load();
      if (generation === startedAt) {
        entries.delete(key);
        entries.set(key, { value, ownerId: ownerOf(value), expiresAt: now() + ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
  };
}
