import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getAffiliateEarnings, listInvitedCreators } from './affiliate';
import { affiliateEarningsRoute, invitedCreatorsRoute } from './affiliate-contract';

/** The affiliate page's reads (decision 131): the signed-in user's own invitees and earnings only. */
export function affiliateRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/affiliate/*', requireUser(deps.auth));
  return app
    .openapi(affiliateEarningsRoute, async (c) => c.json(await getAffiliateEarnings(db, c.get('userId')), 200))
    .openapi(invitedCreatorsRoute, async (c) =>
      c.json(await listInvitedCreators(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    );
}
