import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { ChangeFeed } from '../changes/change-feed';
import type { AppEnv } from './context';
import { errorBody } from './error-handler';

/**
 * What the session checks need of the sign-in library: reading a request's session. modules/accounts/auth.ts
 * makes the real one; the kernel names only this, so it never imports a module.
 */
export type Auth = {
  api: {
    getSession(context: { headers: Headers }): Promise<{ user: { id: string }; session: { expiresAt: Date } } | null>;
  };
};

/** How long a looked-up session is trusted without asking the database again (unless it ends first). */
const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 50_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

type CachedSession = { userId: string; until: number };

/**
 * Sessions looked up recently, per Auth instance (enableSessionCache): most requests of a signed-in user
 * then need no session query. Keys are hashes of the session cookie, never the token itself. A sign-out
 * forgets its session here at once and on every other instance through the change feed, and signing out
 * everywhere (or deleting the account) forgets all of the user's; a gap in the feed forgets them all.
 */
const caches = new WeakMap<Auth, Map<string, CachedSession>>();

export function enableSessionCache(auth: Auth, changes: ChangeFeed) {
  const cache = new Map<string, CachedSession>();
  caches.set(auth, cache);
  changes.subscribe((change) => {
    if (change.topic === 'resync') cache.clear();
    else if (change.topic === 'session-ended') cache.delete(change.sessionKey);
    else if (change.topic === 'user-signed-out' || change.topic === 'account-deleted') {
      forgetUserSessions(auth, change.userId);
    }
  });
}

/** The cache key of the request's session cookie, or undefined without one. */
export function sessionKeyOf(headers: Headers): string | undefined {
  const value = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  return value && createHash('sha256').update(value).digest('base64url');
}

/**
 * The session token the request's cookie carries (the cookie is the token, a dot and its signature), not
 * checked: for looking up what a session left behind, never for signing anyone in.
 */
export function sessionTokenOf(headers: Headers): string | undefined {
  const value = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value).split('.')[0] || undefined;
  } catch {
    return undefined;
  }
}

/** Forgets a session on this instance (the caller tells the others). */
export function forgetSession(auth: Auth, key: string) {
  caches.get(auth)?.delete(key);
}

/** Forgets every session of a user on this instance (the caller tells the others). */
export function forgetUserSessions(auth: Auth, userId: string) {
  const cache = caches.get(auth);
  for (const [key, session] of cache ?? []) if (session.userId === userId) cache?.delete(key);
}

async function userIdOf(auth: Auth, headers: Headers): Promise<string | undefined> {
  const cache = caches.get(auth);
  const key = cache && sessionKeyOf(headers);
  const hit = key ? cache?.get(key) : undefined;
  if (hit && hit.until > Date.now()) return hit.userId;
  const session = await auth.api.getSession({ headers });
  if (!session) return undefined;
  if (cache && key) {
    const until = Math.min(Date.now() + SESSION_CACHE_MS, new Date(session.session.expiresAt).getTime());
    cache.delete(key);
    cache.set(key, { userId: session.user.id, until });
    if (cache.size > SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  }
  return session.user.id;
}

/** Loads the signed-in user's id from the session cookie into `userId`; answers 401 when there is none. */
export function requireUser(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const userId = await userIdOf(auth, c.req.raw.headers);
    if (!userId) return c.json(errorBody('UNAUTHENTICATED', 'No user'), 401);
    c.set('userId', userId);
    return next();
  });
}

/** The signed-in user's id, or undefined for a visitor (public pages that show more to their owner). */
export async function viewerId(auth: Auth, headers: Headers): Promise<string | undefined> {
  return userIdOf(auth, headers);
}
