import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { PushDevices, PushPublicKey, PushSubscriptionInput, PushSubscriptionRemoval } from '@sweetwish/shared/push';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { isLocalRequest } from '../../http/local-request';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { listDevices, subscribe, unsubscribe } from './service';

const signedIn = { 401: errorResponse('Nobody is signed in') };

const publicKeyRoute = createRoute({
  method: 'get',
  path: '/push/public-key',
  summary: "The server's VAPID public key, the applicationServerKey browsers subscribe with",
  responses: { 200: jsonResponse(PushPublicKey, 'The key (base64url)') },
});

const listRoute = createRoute({
  method: 'get',
  path: '/push/subscriptions',
  summary: "The push service addresses of the signed-in user's devices that receive push notifications",
  responses: { 200: jsonResponse(PushDevices, 'The devices'), ...signedIn },
});

const subscribeRoute = createRoute({
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

const unsubscribeRoute = createRoute({
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
