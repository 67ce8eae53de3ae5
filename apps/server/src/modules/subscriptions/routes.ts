import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { idempotentRequest } from '../../http/idempotent-request';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { cancelRoute, listRoute, subscribeRoute, subscribersRoute, wishStateRoute } from './contract';
import {
  cancelSubscription,
  getWishSubscriptionState,
  listMySubscribers,
  listMySubscriptions,
  subscribe,
} from './service';

export function subscriptionRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // '/subscriptions/*' matches '/subscriptions' too: each middleware must run once per request.
  for (const path of ['/subscriptions/*', '/subscribers']) app.use(path, requireUser(deps.auth));
  app.on('POST', ['/subscriptions', '/subscriptions/:id/cancel'], idempotentRequest(db));
  return app
    .openapi(subscribeRoute, async (c) => {
      const input = c.req.valid('json');
      return c.json(await subscribe(db, c.get('userId'), input, { requestKey: c.get('idempotencyKey') }), 201);
    })
    .openapi(cancelRoute, async (c) =>
      c.json(await cancelSubscription(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(listRoute, async (c) => c.json(await listMySubscriptions(db, c.get('userId')), 200))
    .openapi(wishStateRoute, async (c) =>
      c.json(await getWishSubscriptionState(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(subscribersRoute, async (c) => c.json(await listMySubscribers(db, c.get('userId')), 200));
}
