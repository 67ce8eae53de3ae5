import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { isLocalRequest } from '../../http/local-request';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { listRoute, publicKeyRoute, subscribeRoute, unsubscribeRoute } from './contract';
import { listDevices, subscribe, unsubscribe } from './service';

export function pushRoutes(deps: { database: DatabaseHandle; auth: Auth; publicKey: string; isLocal: boolean }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/push/subscriptions', requireUser(deps.auth));
  return app
    .openapi(publicKeyRoute, (c) => c.json({ publicKey: deps.publicKey }, 200))
    .openapi(listRoute, async (c) => c.json(await listDevices(db, c.get('userId')), 200))
    .openapi(subscribeRoute, async (c) => {
      // A push service on this machine or its network: only for a developer's machine, asked from it.
      const allowPrivateAddresses = deps.isLocal && isLocalRequest(c);
      await subscribe(db, c.get('userId'), c.req.valid('json'), { allowPrivateAddresses });
      return c.body(null, 204);
    })
    .openapi(unsubscribeRoute, async (c) => {
      await unsubscribe(db, c.get('userId'), c.req.valid('json').endpoint);
      return c.body(null, 204);
    });
}
