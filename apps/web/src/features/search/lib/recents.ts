import type { UserSearchResult } from '@sweetwish/shared/profiles';
import { readStored, removeStored, writeStored } from '../../../lib/storage';

/** localStorage key of the recent visits (product.md section 3). */
export const RECENTS_KEY = 'recents';
/** At most this many recents are kept (product.md section 9). */
export const RECENTS_MAX = 20;

/** A visited search result: the user shown in the row, and when it was visited. */
export type Recent = UserSearchResult & { timestamp: number };

/** The list after visiting `user`: it moves to the front, duplicates go, the own user never enters, 20 at most. */
export function withRecent(
  list: readonly Recent[],
  user: UserSearchResult,
  ownId: string | null | undefined,
  now: number,
): Recent[] {
  const others = list.filter((recent) => recent.id !== user.id && recent.id !== ownId);
  if (user.id === ownId) return others.slice(0, RECENTS_MAX);
  return [{ ...user, timestamp: now }, ...others].slice(0, RECENTS_MAX);
}

/** The stored list as shown: newest first, without the own user, at most 20, malformed entries skipped. */
export function parseRecents(stored: string | null, ownId: string | null | undefined): Recent[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is Recent =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.id === 'string' &&
        typeof item.handle === 'string' &&
        typeof item.displayName === 'string' &&
        typeof item.timestamp === 'number',
    )
    .map((item) => ({ ...item, photoUrl: typeof item.photoUrl === 'string' ? item.photoUrl : null }))
    .filter((item) => item.id !== ownId)
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, RECENTS_MAX);
}

export function readRecents(ownId: string | null | undefined): Recent[] {
  return parseRecents(readStored(RECENTS_KEY), ownId);
}

export function saveRecent(user: UserSearchResult, ownId: string | null | undefined): Recent[] {
  const next = withRecent(readRecents(ownId), user, ownId, Date.now());
  writeStored(RECENTS_KEY, JSON.stringify(next));
  return next;
}

export function clearRecents(): void {
  removeStored(RECENTS_KEY);
}
