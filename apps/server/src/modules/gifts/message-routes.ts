import { OpenAPIHono } from '@hono/zod-openapi';
import type { ShownInput } from '@sweetwish/shared/gift-messages';
import type { Database, DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  actOnControl,
  getControlQueue,
  getGiftMessageSettings,
  regenerateControlSecret,
  updateGiftMessageSettings,
} from './gift-messages';
import {
  actRoute,
  controlRoute,
  getSettingsRoute,
  hideRoute,
  patchSettingsRoute,
  regenerateRoute,
  shownRoute,
  wallRoute,
} from './message-contract';
import { getWall, hideWallEntry } from './wall';

/** Fans' messages (decision 100): the creator's settings, the control page by secret, the overlay's receipts. */
export function giftMessageRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  /** The overlay began to show an alert (overlay/shown.ts, wired by app.ts: the overlay is above gifts). */
  recordOverlayShown: (db: Database, secret: string, input: ShownInput) => Promise<void>;
}) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/gift-messages/settings', '/gift-messages/control-secret', '/gift-messages/*']) {
    app.use(path, requireUser(deps.auth));
  }
  return app
    .openapi(getSettingsRoute, async (c) => c.json(await getGiftMessageSettings(db, c.get('userId')), 200))
    .openapi(patchSettingsRoute, async (c) =>
      c.json(await updateGiftMessageSettings(db, c.get('userId'), c.req.valid('json')), 200),
    )
    .openapi(regenerateRoute, async (c) => c.json(await regenerateControlSecret(db, c.get('userId')), 200))
    .openapi(controlRoute, async (c) => c.json(await getControlQueue(db, c.req.valid('param').secret), 200))
    .openapi(actRoute, async (c) =>
      c.json(await actOnControl(db, c.req.valid('param').secret, c.req.valid('json')), 200),
    )
    .openapi(wallRoute, async (c) =>
      c.json(await getWall(db, c.req.valid('param').handle, pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(hideRoute, async (c) => {
      await hideWallEntry(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(shownRoute, async (c) => {
      await deps.recordOverlayShown(db, c.req.valid('param').secret, c.req.valid('json'));
      return c.body(null, 204);
    });
}
