import { createMiddleware } from 'hono/factory';
import type { Auth } from '../modules/accounts/auth';
import type { AppEnv } from './context';
import { errorBody } from './error-handler';

/** Loads the signed-in user's id from the session cookie into `userId`; answers 401 when there is none. */
export function requireUser(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return c.json(errorBody('UNAUTHENTICATED', 'No user'), 401);
    c.set('userId', session.user.id);
    return next();
  });
}

/** The signed-in user's id, or undefined for a visitor (public pages that show more to their owner). */
export async function viewerId(auth: Auth, headers: Headers): Promise<string | undefined> {
  return (await auth.api.getSession({ headers }))?.user.id;
}
