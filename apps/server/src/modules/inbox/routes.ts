import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { inboxUnreadRoute, listInboxRoute, markInboxReadRoute } from './contract';
import { countUnreadInbox, listInbox, markInboxRead } from './service';

/** The signed-in user's inbox (decision 130): only their own events, read and marked. */
export function inboxRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/inbox', requireUser(deps.auth));
  app.use('/inbox/*', requireUser(deps.auth));
  return app
    .openapi(listInboxRoute, async (c) =>
      c.json(await listInbox(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(inboxUnreadRoute, async (c) => c.json(await countUnreadInbox(db, c.get('userId')), 200))
    .openapi(markInboxReadRoute, async (c) =>
      c.json(await markInboxRead(db, c.get('userId'), c.req.valid('json').ids), 200),
    );
}
