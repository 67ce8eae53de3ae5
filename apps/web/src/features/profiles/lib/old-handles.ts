import { readStored, writeStored } from '../../../lib/storage';

/**
 * sessionStorage key of the remembered old handles (product.md sections 2 and 3): a JSON object from an old
 * handle, in lower case, to the handle its owner goes by now. Sign-out clears it with the rest of the session.
 */
export const OLD_HANDLES_KEY = 'oldHandles';
/** At most this many old handles are remembered; the least recently learnt go first. */
export const OLD_HANDLES_MAX = 50;

/** Old handle (lower case) to current handle. No current handle is itself a key, so a redirect never loops. */
export type OldHandles = ReadonlyMap<string, string>;

/**
 * The stored map, malformed entries skipped. An entry that leads to another remembered handle (or to
 * itself) cannot come from `withOldHandle`; it is dropped, so that following the map never goes round.
 */
export function parseOldHandles(stored: string | null): OldHandles {
  if (!stored) return new Map();
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return new Map();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return new Map();
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => entry[0] !== '' && typeof entry[1] === 'string' && entry[1] !== '',
  );
  const keys = new Set(entries.map(([old]) => old.toLowerCase()));
  return new Map(
    entries
      .map(([old, current]) => [old.toLowerCase(), current] as const)
      .filter(([, current]) => !keys.has(current.toLowerCase()))
      .slice(-OLD_HANDLES_MAX),
  );
}

/**
 * The map after learning that the owner of `old` now goes by `current`. `current` stops being an old
 * handle (its owner may have taken it back), and handles that led to `old` now lead straight to `current`.
 * Handles that differ only in case are the same handle: nothing to remember.
 */
export function withOldHandle(map: OldHandles, old: string, current: string): OldHandles {
  const oldKey = old.toLowerCase();
  const currentKey = current.toLowerCase();
  if (oldKey === '' || currentKey === '' || oldKey === currentKey) return map;
  const next = new Map<string, string>();
  for (const [key, value] of map) {
    if (key === currentKey || key === oldKey) continue;
    next.set(key, value.toLowerCase() === oldKey ? current : value);
  }
  next.set(oldKey, current);
  return new Map([...next].slice(-OLD_HANDLES_MAX));
}

function readOldHandles(): OldHandles {
  return parseOldHandles(readStored(OLD_HANDLES_KEY, 'session'));
}

/** The current handle remembered for an old `handle` in this session, if any. */
export function rememberedHandle(handle: string): string | undefined {
  return readOldHandles().get(handle.toLowerCase());
}

/** Remembers for the session that `old` now leads to `current`; a storage failure is only logged. */
export function rememberOldHandle(old: string, current: string): void {
  const map = readOldHandles();
  const next = withOldHandle(map, old, current);
  if (next === map) return;
  writeStored(OLD_HANDLES_KEY, JSON.stringify(Object.fromEntries(next)), 'session');
}
