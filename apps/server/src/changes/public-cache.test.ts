import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed, Resync } from './change-feed';
import { createPublicCache } from './public-cache';

/** A change feed the test drives by hand. */
function manualFeed() {
  const handlers = new Set<(change: Change | Resync) => void>();
  const feed: ChangeFeed = {
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
  const emit = (change: Change | Resync) => {
    for (const handler of handlers) handler(change);
  };
  return { feed, emit };
}

function counter(value: string) {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return { id: 'u1', value };
    },
    calls: () => calls,
  };
}

const owner = (v: { id: string }) => v.id;

/** A promise the test settles when it chooses: a load still running. */
function held() {
  let release: () => void = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release: () => release() };
}

/** What a cached answer's bytes say. */
const parsed = (bytes: { plain: Buffer }) => JSON.parse(bytes.plain.toString());

describe('public cache', () => {
  it('loads every time when turned off (PUBLIC_CACHE=off, benchmarks)', async () => {
    const cache = createPublicCache(manualFeed().feed, { enabled: false });
    const source = counter('a');
    await cache.getOrLoad('profile:ann', owner, source.load);
    await cache.getOrLoad('profile:ann', owner, source.load);
    expect(source.calls()).toBe(2);
  });

  it('loads once and answers later reads from memory', async () => {
    const cache = createPublicCache(manualFeed().feed);
    const source = counter('a');
    await cache.getOrLoad('profile:ann', owner, source.load);
    expect(parsed(await cache.getOrLoad('profile:ann', owner, source.load))).toEqual({ id: 'u1', value: 'a' });
    expect(source.calls()).toBe(1);
  });

  it("drops every handle a user's profile is cached under when the profile changes", async () => {
    const { feed, emit } = manualFeed();
    const cache = createPublicCache(feed);
    const source = counter('a');
    await cache.getOrLoad('profile:ann', owner, source.load);
    await cache.getOrLoad('profile:old_ann', owner, source.load);
    emit({ topic: 'profile', userId: 'u1' });
    await cache.getOrLoad('profile:ann', owner, source.load);
    await cache.getOrLoad('profile:old_ann', owner, source.load);
    expect(source.calls()).toBe(4);
  });

  it('drops a handle someone claims, a wishlist that changed, and everything on a resync', async () => {
    const { feed, emit } = manualFeed();
    const cache = createPublicCache(feed);
    const source = counter('a');
    for (const change of [{ topic: 'handle', handle: 'ann' }, { topic: 'resync' }] as const) {
      await cache.getOrLoad('profile:ann', owner, source.load);
      emit(change);
    }
    await cache.getOrLoad('profile:ann', owner, source.load);
    expect(source.calls()).toBe(3);
    const wishes = counter('w');
    await cache.getOrLoad('wishes:u1', owner, wishes.load);
    cache.forget({ topic: 'wishes', userId: 'u1' });
    await cache.getOrLoad('wishes:u1', owner, wishes.load);
    expect(wishes.calls()).toBe(2);
  });

  it('does not keep an answer loaded while a change arrived, which may hold the old state', async () => {
    const { feed, emit } = manualFeed();
    const cache = createPublicCache(feed);
    let release: () => void = () => {};
    const slow = cache.getOrLoad('wishes:u1', owner, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { id: 'u1', value: 'old' };
    });
    emit({ topic: 'wishes', userId: 'u1' });
    release();
    expect(parsed(await slow).value).toBe('old');
    expect(parsed(await cache.getOrLoad('wishes:u1', owner, counter('new').load)).value).toBe('new');
  });

  it('loads once for reads that miss together (a popular page just changed or expired)', async () => {
    const cache = createPublicCache(manualFeed().feed);
    const gate = held();
    let calls = 0;
    const load = async () => {
      calls++;
      await gate.wait;
      return { id: 'u1', value: 'a' };
    };
    const reads = Array.from({ length: 50 }, () => cache.getOrLoad('wishes:u1', owner, load));
    gate.release();
    const answers = await Promise.all(reads);
    expect(calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(parsed(answers[0] as { plain: Buffer })).toEqual({ id: 'u1', value: 'a' });
  });

  it('does not answer a read that comes after a change with a load that started before it', async () => {
    const { feed, emit } = manualFeed();
    const cache = createPublicCache(feed);
    const gate = held();
    const before = cache.getOrLoad('wishes:u1', owner, async () => {
      await gate.wait;
      return { id: 'u1', value: 'old' };
    });
    emit({ topic: 'wishes', userId: 'u1' });
    const after = cache.getOrLoad('wishes:u1', owner, counter('new').load);
    gate.release();
    expect(parsed(await before).value).toBe('old');
    expect(parsed(await after).value).toBe('new');
  });

  it('gives a failed load to every read that waited on it, and loads again on the next read', async () => {
    const cache = createPublicCache(manualFeed().feed);
    const gate = held();
    const failing = async () => {
      await gate.wait;
      throw new Error('database down');
    };
    const reads = [cache.getOrLoad('wishes:u1', owner, failing), cache.getOrLoad('wishes:u1', owner, failing)];
    gate.release();
    for (const read of reads) await expect(read).rejects.toThrow('database down');
    expect(parsed(await cache.getOrLoad('wishes:u1', owner, counter('a').load)).value).toBe('a');
  });

  it('expires entries after the TTL and keeps at most maxEntries, dropping the least recently used', async () => {
    let now = 0;
    const cache = createPublicCache(manualFeed().feed, { ttlMs: 1000, maxEntries: 2, now: () => now });
    const source = counter('a');
    await cache.getOrLoad('profile:a', owner, source.load);
    now = 1001;
    await cache.getOrLoad('profile:a', owner, source.load);
    expect(source.calls()).toBe(2);

    await cache.getOrLoad('profile:b', owner, source.load);
    await cache.getOrLoad('profile:a', owner, source.load); // a is now the most recent
    await cache.getOrLoad('profile:c', owner, source.load); // evicts b
    expect(source.calls()).toBe(4);
    await cache.getOrLoad('profile:a', owner, source.load);
    expect(source.calls()).toBe(4);
    await cache.getOrLoad('profile:b', owner, source.load);
    expect(source.calls()).toBe(5);
  });

  it('keeps at most maxBytes of answers, dropping the least recently used, and never one larger', async () => {
    const cache = createPublicCache(manualFeed().feed, { maxBytes: 110 });
    // Each answer is {"id":"u1","value":"<30 letters>"}: 52 bytes, so two fit and not three.
    const source = counter('x'.repeat(30));
    await cache.getOrLoad('wishes:a', owner, source.load);
    await cache.getOrLoad('wishes:b', owner, source.load);
    await cache.getOrLoad('wishes:a', owner, source.load);
    expect(source.calls()).toBe(2);
    await cache.getOrLoad('wishes:c', owner, source.load); // evicts b, the least recently used
    await cache.getOrLoad('wishes:a', owner, source.load);
    expect(source.calls()).toBe(3);
    await cache.getOrLoad('wishes:b', owner, source.load);
    expect(source.calls()).toBe(4);
    const large = counter('x'.repeat(200));
    await cache.getOrLoad('wishes:large', owner, large.load);
    await cache.getOrLoad('wishes:large', owner, large.load);
    expect(large.calls()).toBe(2);
  });

  it('counts the gzipped copy of an answer of 1 KB or more in the byte budget', async () => {
    // 1,500 random hex letters: gzip cannot shrink them below half, so two answers with their gzipped
    // copies weigh more than 4,100 bytes, and their plain bytes alone less.
    const source = counter(randomBytes(750).toString('hex'));
    const cache = createPublicCache(manualFeed().feed, { maxBytes: 4100 });
    const first = await cache.getOrLoad('wishes:a', owner, source.load);
    expect(first.gzipped?.length).toBeGreaterThan(750);
    expect(gunzipSync(first.gzipped ?? Buffer.alloc(0)).equals(first.plain)).toBe(true);
    await cache.getOrLoad('wishes:b', owner, source.load); // a and its copy go
    await cache.getOrLoad('wishes:a', owner, source.load);
    expect(source.calls()).toBe(3);
    // A small answer has no gzipped copy.
    expect((await cache.getOrLoad('wishes:c', owner, counter('x').load)).gzipped).toBeUndefined();
  });
});
