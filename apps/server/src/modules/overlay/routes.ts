import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { OverlaySettings, OverlayState, StartGoalInput, UpdateOverlaySettingsInput } from '@sweetwish/shared/overlay';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  getOverlayBySecret,
  getOverlaySettings,
  overlayState,
  regenerateOverlaySecret,
  sendTestAlert,
  startGoal,
  stopGoal,
  updateOverlaySettings,
} from './service';

const signedIn = { 401: errorResponse('Nobody is signed in') };

const getRoute = createRoute({
  method: 'get',
  path: '/overlay/settings',
  summary: "The signed-in creator's stream overlay: its secret address and what it shows",
  responses: { 200: jsonResponse(OverlaySettings, 'The settings'), ...signedIn },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/overlay/settings',
  summary: 'Choose what the overlay shows: alerts, goal, leaderboard, minimum amount, sound, leaderboard period',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateOverlaySettingsInput } } } },
  responses: {
    200: jsonResponse(OverlaySettings, 'The settings'),
    400: errorResponse('Nothing to change'),
    ...signedIn,
  },
});

const startGoalRoute = createRoute({
  method: 'post',
  path: '/overlay/goal',
  summary: 'Start a goal now: one of your wishes (its price is the target) or a number of tokens',
  request: { body: { required: true, content: { 'application/json': { schema: StartGoalInput } } } },
  responses: {
    200: jsonResponse(OverlaySettings, 'The settings'),
    400: errorResponse('Not a wish or token target'),
    ...signedIn,
    404: errorResponse('Not one of your wishes'),
  },
});

const stopGoalRoute = createRoute({
  method: 'delete',
  path: '/overlay/goal',
  summary: 'End the goal: the overlay shows none',
  responses: { 200: jsonResponse(OverlaySettings, 'The settings'), ...signedIn },
});

const regenerateRoute = createRoute({
  method: 'post',
  path: '/overlay/secret',
  summary: 'Give the overlay a new secret address; the old one stops at once, open overlays included',
  responses: { 200: jsonResponse(OverlaySettings, 'The settings, with the new secret'), ...signedIn },
});

const testAlertRoute = createRoute({
  method: 'post',
  path: '/overlay/test-alert',
  summary: 'Show a sample alert, marked as a test, on the open overlays (nothing is stored)',
  responses: { 204: { description: 'Sent' }, ...signedIn },
});

const stateRoute = createRoute({
  method: 'get',
  path: '/overlay/{secret}/state',
  summary: 'What an overlay shows besides alerts (for the overlay page, which holds the secret)',
  request: { params: z.object({ secret: z.string().max(100) }) },
  responses: { 200: jsonResponse(OverlayState, 'The state'), 404: errorResponse('No overlay has this address') },
});

/** The creator's overlay settings (owner only) and the overlay's public state by secret. */
export function overlayRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/overlay/settings', '/overlay/goal', '/overlay/secret', '/overlay/test-alert']) {
    app.use(path, requireUser(deps.auth));
  }
  return app
    .openapi(getRoute, async (c) => c.json(await getOverlaySettings(db, c.get('userId')), 200))
    .openapi(patchRoute, async (c) =>
      c.json(await updateOverlaySettings(db, c.get('userId'), c.req.valid('json')), 200),
    )
    .openapi(startGoalRoute, async (c) => c.json(await startGoal(db, c.get('userId'), c.req.valid('json')), 200))
    .openapi(stopGoalRoute, async (c) => c.json(await stopGoal(db, c.get('userId')), 200))
    .openapi(regenerateRoute, async (c) => c.json(await regenerateOverlaySecret(db, c.get('userId')), 200))
    .openapi(testAlertRoute, async (c) => {
      await sendTestAlert(db, c.get('userId'));
      return c.body(null, 204);
    })
    .openapi(stateRoute, async (c) => {
      const row = await getOverlayBySecret(db, c.req.valid('param').secret);
      return c.json(await overlayState(db, row), 200);
    });
}
