import { createRoute, z } from '@hono/zod-openapi';
import {
  SubscribeInput,
  SubscriberList,
  Subscription,
  SubscriptionList,
  WishSubscriptionState,
} from '@sweetwish/shared/subscriptions';
import { SESSION } from '../../http/api-contract';
import { idempotencyHeader } from '../../http/idempotency-header';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });
export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const subscribeRoute = createRoute({
  operationId: 'subscriptionsSubscribe',
  security: SESSION,
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

export const cancelRoute = createRoute({
  operationId: 'subscriptionsCancel',
  security: SESSION,
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

export const listRoute = createRoute({
  operationId: 'subscriptionsList',
  security: SESSION,
  method: 'get',
  path: '/subscriptions',
  summary: "The signed-in fan's subscriptions, with their next charge dates",
  responses: { 200: jsonResponse(SubscriptionList, 'The subscriptions'), ...signedIn },
});

export const wishStateRoute = createRoute({
  operationId: 'subscriptionsWishState',
  security: SESSION,
  method: 'get',
  path: '/subscriptions/wish/{id}',
  summary: "The signed-in user's subscription to a wish, and whether a single-subscriber wish is taken",
  request: { params: Id },
  responses: { 404: errorResponse('No such wish'), 200: jsonResponse(WishSubscriptionState, 'The state'), ...signedIn },
});

export const subscribersRoute = createRoute({
  operationId: 'subscriptionsSubscribers',
  security: SESSION,
  method: 'get',
  path: '/subscribers',
  summary: "The signed-in creator's subscribers and their monthly total",
  responses: { 200: jsonResponse(SubscriberList, 'The subscribers'), ...signedIn },
});
