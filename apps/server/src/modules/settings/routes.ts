import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { DeleteAccountInput, Settings, UpdateSettingsInput } from '@sweetwish/shared/settings';
import { deleteCookie } from 'hono/cookie';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { forgetUserSessions, requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { signOutEverywhere } from '../accounts/service';
import { getSettings } from './service';

const signedIn = { 401: errorResponse('Nobody is signed in') };

const getRoute = createRoute({
  method: 'get',
  path: '/settings',
  summary: "The signed-in user's settings",
  responses: { 200: jsonResponse(Settings, 'The settings'), ...signedIn },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/settings',
  summary: 'Change some settings: notifications of gifts and messages, messages from fans',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateSettingsInput } } } },
  responses: { 200: jsonResponse(Settings, 'The settings'), 400: errorResponse('Nothing to change'), ...signedIn },
});

const signOutEverywhereRoute = createRoute({
  method: 'post',
  path: '/account/sign-out-everywhere',
  summary: 'End every session of the signed-in user, this one included',
  responses: { 204: { description: 'Signed out everywhere' }, ...signedIn },
});

const deleteAccountRoute = createRoute({
  method: 'post',
  path: '/account/delete',
  summary:
    "Delete the signed-in user's account: needs an empty wallet or a confirmed remainder given up; ledger records are kept",
  request: { body: { required: true, content: { 'application/json': { schema: DeleteAccountInput } } } },
  responses: {
    204: { description: 'Deleted, and signed out' },
    400: errorResponse('Not confirmed'),
    ...signedIn,
    409: errorResponse(
      'Not yet: a dispute is open, earnings are pending (with the date they clear), a withdrawal is under way or ' +
        'the balance must be withdrawn; or a remainder that cannot be withdrawn must be given up (fields.forfeitCents)',
    ),
  },
});

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
