import { OpenAPIHono } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { forgetUserSessions, requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Logger } from '../../logger';
import type { Auth } from '../accounts/auth';
import { deleteAccount } from '../accounts/delete-account';
import { signOutEverywhere } from '../accounts/service';
import { announceMessagesFromFans } from '../chat/service';
import { deleteAccountRoute, getRoute, patchRoute, signOutEverywhereRoute } from './contract';
import { getSettings, updateSettings } from './service';

/** Session cookies better-auth sets (with the secure prefix on HTTPS). */
const SESSION_COOKIES = ['better-auth.session_token', 'better-auth.session_data'];

export function settingsRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  storage: ObjectStorage;
  logger: Logger;
  clearingDays: number;
  payments: CardPayments | undefined;
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
      const settings = await db.transaction(async (tx) => {
        const updated = await updateSettings(tx, userId, input);
        if (input.fansCanMessage !== undefined) await announceMessagesFromFans(tx, userId);
        return updated;
      });
      return c.json(settings, 200);
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
      const { storage, logger, clearingDays, payments } = deps;
      await deleteAccount({ db, storage, logger, clearingDays, payments }, userId, { forfeitCents });
      endSessions(c, userId);
      return c.body(null, 204);
    });
}
