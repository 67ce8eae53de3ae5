import { createRoute } from '@hono/zod-openapi';
import { PushDevices, PushPublicKey, PushSubscriptionInput, PushSubscriptionRemoval } from '@sweetwish/shared/push';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const publicKeyRoute = createRoute({
  operationId: 'pushPublicKey',
  method: 'get',
  path: '/push/public-key',
  summary: "The server's VAPID public key, the applicationServerKey browsers subscribe with",
  responses: { 200: jsonResponse(PushPublicKey, 'The key (base64url)') },
});

export const listRoute = createRoute({
  operationId: 'pushList',
  security: SESSION,
  method: 'get',
  path: '/push/subscriptions',
  summary: "The push service addresses of the signed-in user's devices that receive push notifications",
  responses: { 200: jsonResponse(PushDevices, 'The devices'), ...signedIn },
});

export const subscribeRoute = createRoute({
  operationId: 'pushSubscribe',
  security: SESSION,
  method: 'post',
  path: '/push/subscriptions',
  summary: "Send the signed-in user's notifications to this browser as push notifications too",
  request: { body: { required: true, content: { 'application/json': { schema: PushSubscriptionInput } } } },
  responses: {
    204: { description: 'Registered (again)' },
    400: errorResponse('Not an https push address of a public host, or keys that are not valid'),
    ...signedIn,
  },
});

export const unsubscribeRoute = createRoute({
  operationId: 'pushUnsubscribe',
  security: SESSION,
  method: 'delete',
  path: '/push/subscriptions',
  summary: 'Stop push notifications to one of the signed-in user’s devices',
  request: { body: { required: true, content: { 'application/json': { schema: PushSubscriptionRemoval } } } },
  responses: {
    204: { description: 'Removed' },
    400: errorResponse('Not a push address'),
    ...signedIn,
    404: errorResponse('None of the user’s devices has this address'),
  },
});
