import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  getRoute,
  patchRoute,
  regenerateRoute,
  startGoalRoute,
  stateRoute,
  stopGoalRoute,
  testAlertRoute,
} from './contract';
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
