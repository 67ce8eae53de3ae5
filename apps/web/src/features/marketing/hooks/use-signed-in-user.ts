import type { Me } from '@sweetwish/shared/accounts';
import { useEffect, useState } from 'react';
import { readStored, removeStored, STORAGE_KEYS } from '../../../lib/storage';

export type SignedInUser = Pick<Me, 'handle' | 'displayName' | 'photoUrl'>;

/** The fields the card needs, from an answer of GET /api/me; null for anything else. */
export function toSignedInUser(body: unknown): SignedInUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const { handle, displayName, photoUrl } = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  if (typeof (body as { id?: unknown }).id !== 'string') return null;
  return { handle: text(handle), displayName: text(displayName), photoUrl: text(photoUrl) };
}

/**
 * Who is signed in, for the landing page's card. A plain request rather than the app's session query, so
 * the landing page's first load carries no query library or schema code. Right after a log-out (the
 * logging-out flag is set) nobody is, and the flag is cleared here (product.md section 4, Log out).
 */
export function useSignedInUser(): SignedInUser | null {
  const [wasLoggingOut] = useState(() => readStored(STORAGE_KEYS.loggingOut) !== null);
  const [user, setUser] = useState<SignedInUser | null>(null);

  useEffect(() => {
    removeStored(STORAGE_KEYS.loggingOut);
    if (wasLoggingOut) return;
    const controller = new AbortController();
    fetch('/api/me', { credentials: 'same-origin', signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => setUser(toSignedInUser(body)))
      .catch(() => {});
    return () => controller.abort();
  }, [wasLoggingOut]);

  return user;
}
