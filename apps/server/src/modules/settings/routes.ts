import { OpenAPIHono } from '@hono/zod-openapi';
import type { Settings, UpdateSettingsInput } from '@sweetwish/shared/settings';
import { deleteCookie } from 'hono/cookie';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { forgetUserSessions, requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { signOutEverywhere } from '../accounts/service';
import { deleteAccountRoute, getRoute, patchRoute, signOutEverywhereRoute } from './contract';
import { getSettings } from './service';

/** Session cookies better-auth sets (with the secure prefix on HTTPS). */
const SESSION_COOKIES = ['better-auth.session_token', 'better-auth.session_data'];

export function settingsRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  /** The use cases behind these routes that reach other modules (use-cases/, wired by app.ts). */
  deleteAccount: (userId: string, options: { forfeitCents?: number | undefined }) => Promise<void>;
  updateSettings: (userId: string, input: UpdateSettingsInput) => Promise<Settings>;
}) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/settings', requireUser(deps.auth));
  app.use('/account/*', requireUser(deps.auth));
  const endSessions = (c: Parameters<typeof deleteCookie>[0], userId: string) => {
    forgetUserSessions(deps.auth, userId);
    for (const name of SESSION_COOKIES) {
      deleteCookie(c, name, { path: '/' });
      deleteCookie(c, `__Secure-${name}`, { path: '/', secure: true });
    }
  };
  return app
    .openapi(getRoute, async (c) => c.json(await getSettings(db, c.get('userId')), 200))
    .openapi(patchRoute, async (c) => {
      const userId = c.get('userId');
      const input = c.req.valid('json');
      return c.json(await deps.updateSettings(userId, input), 200);
    })
    .openapi(signOutEverywhereRoute, async (c) => {
      const userId = c.get('userId');
      await signOutEverywhere(db, userId);
      endSessions(c, userId);
      return c.body(null, 204);
    })
    .openapi(deleteAccountRoute, async (c) => {
      const userId = c.get('userId');
      const { forfeitCents } = c.req.valid('json');
      await deps.deleteAccount(userId, { forfeitCents });
      endSessions(c, userId);
      return c.body(null, 204);
    });
}
