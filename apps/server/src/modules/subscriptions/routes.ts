import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  SubscribeInput,
  SubscriberList,
  Subscription,
  SubscriptionList,
  WishSubscriptionState,
} from '@sweetwish/shared/subscriptions';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { idempotencyHeader, idempotentRequest } from '../../http/idempotent-request';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  cancelSubscription,
  getWishSubscriptionState,
  listMySubscribers,
  listMySubscriptions,
  subscribe,
} from './service';

const Id = z.object({ id: z.string().min(1).max(64) });
const signedIn = { 401: errorResponse('Nobody is signed in') };

const subscribeRoute = createRoute({
  method: 'post',
  path: '/subscriptions',
  summary: 'Subscribe to a subscription wish: the first month is charged from the wallet at once',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: SubscribeInput } } },
  },
  responses: {
    201: jsonResponse(Subscription, 'The subscription'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    403: errorResponse('Their own wish, or the creator refuses their gifts'),
    404: errorResponse('No such wish'),
    409: errorResponse('Not a subscription wish, archived, already subscribed, or taken by another subscriber'),
    422: errorResponse('The wallet holds too little, or the Idempotency-Key was used for another request'),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/subscriptions/{id}/cancel',
  summary: 'Cancel a subscription: it runs to the end of the paid month, nothing is refunded',
  request: { headers: idempotencyHeader, params: Id },
  responses: {
    200: jsonResponse(Subscription, 'The subscription'),
    ...signedIn,
    404: errorResponse('Not theirs'),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/subscriptions',
  summary: "The signed-in fan's subscriptions, with their next charge dates",
  responses: { 200: jsonResponse(SubscriptionList, 'The subscriptions'), ...signedIn },
});

const wishStateRoute = createRoute({
  method: 'get',
  path: '/subscriptions/wish/{id}',
  summary: "The signed-in user's subscription to a wish, and whether a single-subscriber wish is taken",
  request: { params: Id },
  responses: { 200: jsonResponse(WishSubscriptionState, 'The state'), ...signedIn },
});

const subscribersRoute = createRoute({
  method: 'get',
  path: '/subscribers',
  summary: "The signed-in creator's subscribers and their monthly total",
  responses: { 200: jsonResponse(SubscriberList, 'The subscribers'), ...signedIn },
});

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
