import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getRoute, joinRoute, leaveRoute, listRoute } from './contract';
import { getMembership, joinFanBase, leaveFanBase, listFans } from './service';

export function fanRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/fans', requireUser(deps.auth));
  app.use('/creators/*', requireUser(deps.auth));
  return app
    .openapi(listRoute, async (c) =>
      c.json(await listFans(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getRoute, async (c) => c.json(await getMembership(db, c.get('userId'), c.req.valid('param').id), 200))
    .openapi(joinRoute, async (c) => c.json(await joinFanBase(db, c.get('userId'), c.req.valid('param').id), 200))
    .openapi(leaveRoute, async (c) => c.json(await leaveFanBase(db, c.get('userId'), c.req.valid('param').id), 200));
}
