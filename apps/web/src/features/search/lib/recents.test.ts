import { describe, expect, it } from 'vitest';
import { parseRecents, RECENTS_MAX, type Recent, withRecent } from './recents';
import { shouldSearch } from './search-term';

const user = (n: number) => ({ id: `u${n}`, handle: `user_${n}`, displayName: `User ${n}`, photoUrl: null });

describe('withRecent', () => {
  it('puts the visited user first', () => {
    const list = withRecent(withRecent([], user(1), 'me', 1), user(2), 'me', 2);
    expect(list.map((r) => r.id)).toEqual(['u2', 'u1']);
  });

  it('moves a user visited again to the front without a duplicate', () => {
    let list: Recent[] = [];
    for (const n of [1, 2, 3]) list = withRecent(list, user(n), 'me', n);
    list = withRecent(list, user(1), 'me', 10);
    expect(list.map((r) => r.id)).toEqual(['u1', 'u3', 'u2']);
    expect(list[0]?.timestamp).toBe(10);
  });

  it('keeps at most 20, dropping the oldest', () => {
    let list: Recent[] = [];
    for (let n = 1; n <= 25; n++) list = withRecent(list, user(n), 'me', n);
    expect(list).toHaveLength(RECENTS_MAX);
    expect(list[0]?.id).toBe('u25');
    expect(list.at(-1)?.id).toBe('u6');
  });

  it('never adds the signed-in user', () => {
    const list = withRecent([], user(1), 'u1', 1);
    expect(list).toEqual([]);
  });
});

describe('parseRecents', () => {
  it('lists newest first, leaves out the own user and skips malformed entries', () => {
    const stored = JSON.stringify([
      { ...user(1), timestamp: 1 },
      { ...user(2), timestamp: 3 },
      { ...user(3), timestamp: 2 },
      { id: 'x' },
      'junk',
    ]);
    expect(parseRecents(stored, 'u3').map((r) => r.id)).toEqual(['u2', 'u1']);
  });

  it('gives an empty list for nothing or for text that is not JSON', () => {
    expect(parseRecents(null, null)).toEqual([]);
    expect(parseRecents('{oops', null)).toEqual([]);
  });
});

describe('shouldSearch', () => {
  it('needs 3 characters and a term other than the last one searched', () => {
    expect(shouldSearch('ab', null)).toBe(false);
    expect(shouldSearch(' ab ', null)).toBe(false);
    expect(shouldSearch('abc', null)).toBe(true);
    expect(shouldSearch('abc', 'abc')).toBe(false);
    expect(shouldSearch('abcd', 'abc')).toBe(true);
  });
});
