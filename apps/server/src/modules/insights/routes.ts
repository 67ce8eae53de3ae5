import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { insightsRoute } from './contract';
import { getInsights } from './service';

/** The signed-in user's own insights: no id is taken from the request, so nobody reads another's. */
export function insightRoutes(deps: { database: DatabaseHandle; auth: Auth; clearingDays: number }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/insights', requireUser(deps.auth));
  return app.openapi(insightsRoute, async (c) =>
    c.json(await getInsights(db, c.get('userId'), c.req.valid('query'), { clearingDays: deps.clearingDays }), 200),
  );
}
