import { gzipSync } from 'node:zlib';
import type { Change, ChangeFeed, Resync } from './change-feed';

/**
 * Public pages (a profile by handle, a seller's wishlist, the two together as the page fans land on, a
 * search's results) are read far more often than they change, so each instance keeps recent answers in
 * memory, as the bytes sent, and drops them when the change feed says they changed, whichever instance
 * made the change. The TTL only bounds the damage of a missed notification.
 */
export type PublicCache = {
  /**
   * The cached answer for the key, else load()'s value as JSON bytes, stored under the key and tagged with
   * the user it belongs to (ownerOf). Reads of a key that miss together share one load.
   */
  getOrLoad: <T>(key: PublicCacheKey, ownerOf: (value: T) => string, load: () => Promise<T>) => Promise<JsonBytes>;
  /**
   * Drops what a write through this instance changed, once it has committed. Other instances hear of it
   * through the change feed; this one must not wait for that, or its writer could read its old state back.
   */
  forget: (...changes: Change[]) => void;
};

export type PublicCacheKey = `profile:${string}` | `page:${string}` | `wishes:${string}` | `search:${string}`;

/**
 * An answer as the bytes sent (http/json-bytes.ts): serialised once and, from 1 KB, gzipped once (130 µs
 * for 34 KB; every browser accepts it). A cached hit then costs neither serialising nor compressing.
 */
export type JsonBytes = { plain: Buffer<ArrayBuffer>; gzipped?: Buffer<ArrayBuffer> };

/** Below this, gzip saves less than a packet and costs the client a decoder. */
const GZIP_FROM_BYTES = 1024;

export function jsonBytes(value: unknown): JsonBytes {
  const plain = Buffer.from(JSON.stringify(value));
  return { plain, gzipped: plain.length >= GZIP_FROM_BYTES ? gzipSync(plain) : undefined };
}

/** What an answer holds in memory: its plain bytes and its gzipped copy. */
const weightOf = (bytes: JsonBytes) => bytes.plain.length + (bytes.gzipped?.length ?? 0);

type Entry = { bytes: JsonBytes; ownerId: string; expiresAt: number };

export function createPublicCache(
  feed: ChangeFeed,
  options: { maxEntries?: number; maxBytes?: number; ttlMs?: number; now?: () => number; enabled?: boolean } = {},
): PublicCache {
  // The byte budget bounds memory whatever the answers weigh (a wishlist of 1,000 wishes is about 340 KB).
  const { maxEntries = 10_000, maxBytes = 64 * 1024 * 1024, ttlMs = 60_000, now = Date.now, enabled = true } = options;
  // PUBLIC_CACHE=off (benchmarks): every read goes to the database.
  if (!enabled) return { forget: () => {}, getOrLoad: async (_key, _ownerOf, load) => jsonBytes(await load()) };
  const entries = new Map<string, Entry>();
  // What the entries weigh, gzipped copies included.
  let bytesHeld = 0;
  // Bumped by every change: a load that overlapped one may have read the old state, so it is not kept.
  let generation = 0;
  // The load running for each key. Reads that miss while it runs wait for it rather than each going to the
  // database: a popular page just changed or expired is read once, not once per visitor. A read after a
  // change starts its own, so a writer never reads its old state back.
  const loading = new Map<string, { generation: number; bytes: Promise<JsonBytes> }>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytesHeld -= weightOf(entry.bytes);
  };

  const forget = (change: Change | Resync) => {
    generation++;
    if (change.topic === 'resync') {
      entries.clear();
      bytesHeld = 0;
      return;
    }
    // Any name or handle may change any search's results: they all go.
    if (change.topic === 'handle' || change.topic === 'profile') {
      for (const key of entries.keys()) if (key.startsWith('search:')) drop(key);
    }
    if (change.topic === 'handle') {
      drop(`profile:${change.handle}`);
      drop(`page:${change.handle}`);
      return;
    }
    if (change.topic === 'wishes') drop(`wishes:${change.userId}`);
    else if (change.topic !== 'profile') return;
    // A profile, and its page with the wishlist, are cached under each handle they were asked by (the
    // current one and past ones).
    const owned = change.topic === 'wishes' ? ['page:'] : ['profile:', 'page:'];
    for (const [key, entry] of entries) {
      if (entry.ownerId === change.userId && owned.some((prefix) => key.startsWith(prefix))) drop(key);
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
        return hit.bytes;
      }
      const running = loading.get(key);
      if (running?.generation === generation) return running.bytes;
      const startedAt = generation;
      const loaded = (async () => {
        const value = await load();
        const bytes = jsonBytes(value);
        if (generation === startedAt && weightOf(bytes) <= maxBytes) {
          drop(key);
          entries.set(key, { bytes, ownerId: ownerOf(value), expiresAt: now() + ttlMs });
          bytesHeld += weightOf(bytes);
          while (entries.size > maxEntries || bytesHeld > maxBytes) drop(entries.keys().next().value as string);
        }
        return bytes;
      })();
      loading.set(key, { generation: startedAt, bytes: loaded });
      try {
        return await loaded;
      } finally {
        if (loading.get(key)?.bytes === loaded) loading.delete(key);
      }
    },
  };
}
