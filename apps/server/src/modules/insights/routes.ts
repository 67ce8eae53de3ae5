import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { homeRoute, insightsRoute } from './contract';
import { getHomeSummary } from './home';
import { getInsights } from './service';

/** The signed-in user's own insights and home: no id is taken from the request, so nobody reads another's. */
export function insightRoutes(deps: { database: DatabaseHandle; auth: Auth; clearingDays: number }) {
  const db = deps.database.db;
  const { clearingDays } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/insights', requireUser(deps.auth));
  app.use('/home', requireUser(deps.auth));
  return app
    .openapi(insightsRoute, async (c) =>
      c.json(await getInsights(db, c.get('userId'), c.req.valid('query'), { clearingDays }), 200),
    )
    .openapi(homeRoute, async (c) =>
      c.json(await getHomeSummary(db, c.get('userId'), { timeZone: c.req.valid('query').tz, clearingDays }), 200),
    );
}
