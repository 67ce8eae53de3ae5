import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  WebhookAttempts,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpoints,
  WebhookEndpointUpdate,
  WebhookSecret,
} from '@sweetwish/shared/webhooks';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookSecret,
  listWebhookAttempts,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from './service';

const Id = z.object({ id: z.string().min(1).max(64) });
const DeliveryId = z.object({ id: z.string().min(1).max(64), deliveryId: z.coerce.number().int().positive() });
const signedIn = { 401: errorResponse('Nobody is signed in') };
const notFound = { 404: errorResponse('No endpoint of the signed-in user has this id') };
const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const listRoute = createRoute({
  method: 'get',
  path: '/webhooks/endpoints',
  summary: "The signed-in user's webhook endpoints",
  responses: { 200: jsonResponse(WebhookEndpoints, 'The endpoints, oldest first'), ...signedIn },
});

const createEndpointRoute = createRoute({
  method: 'post',
  path: '/webhooks/endpoints',
  summary: 'Add a webhook endpoint (at most 5), with its own signing secret',
  request: json(WebhookEndpointInput),
  responses: {
    201: jsonResponse(WebhookEndpoint, 'The endpoint'),
    400: errorResponse('Not an https address of a public host, or no events'),
    ...signedIn,
    409: errorResponse('Five endpoints already'),
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/webhooks/endpoints/{id}',
  summary: 'Change an endpoint’s address or events, or turn it off or on',
  request: { params: Id, ...json(WebhookEndpointUpdate) },
  responses: {
    200: jsonResponse(WebhookEndpoint, 'The endpoint'),
    400: errorResponse('Not an https address of a public host, or no events'),
    ...signedIn,
    ...notFound,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/webhooks/endpoints/{id}',
  summary: 'Delete an endpoint and its delivery log',
  request: { params: Id },
  responses: { 204: { description: 'Deleted' }, ...signedIn, ...notFound },
});

const secretRoute = createRoute({
  method: 'get',
  path: '/webhooks/endpoints/{id}/secret',
  summary: 'The endpoint’s signing secret (its owner only)',
  request: { params: Id },
  responses: { 200: jsonResponse(WebhookSecret, 'The secret'), ...signedIn, ...notFound },
});

const rollRoute = createRoute({
  method: 'post',
  path: '/webhooks/endpoints/{id}/secret/roll',
  summary: 'A new signing secret; the previous one keeps signing beside it for 24 hours',
  request: { params: Id },
  responses: { 200: jsonResponse(WebhookSecret, 'The new secret'), ...signedIn, ...notFound },
});

const attemptsRoute = createRoute({
  method: 'get',
  path: '/webhooks/endpoints/{id}/attempts',
  summary: 'The endpoint’s delivery log, newest first (the last 100 attempts of the last 30 days)',
  request: { params: Id },
  responses: { 200: jsonResponse(WebhookAttempts, 'The attempts'), ...signedIn, ...notFound },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/webhooks/endpoints/{id}/deliveries/{deliveryId}/resend',
  summary: 'Send a delivery again now, with the same webhook-id',
  request: { params: DeliveryId },
  responses: {
    202: { description: 'Queued' },
    ...signedIn,
    404: errorResponse('No such endpoint of the signed-in user, or no such delivery of it'),
    409: errorResponse('The endpoint is turned off'),
  },
});

/** Secrets must not stay in a cache on the way or in the browser. */
const NO_STORE = { 'Cache-Control': 'no-store' };

export function webhookRoutes(deps: { database: DatabaseHandle; auth: Auth; isLocalPublicUrl: boolean }) {
  const db = deps.database.db;
  const policy = { allowLocal: deps.isLocalPublicUrl };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/webhooks/*', requireUser(deps.auth));
  return app
    .openapi(listRoute, async (c) => c.json({ endpoints: await listWebhookEndpoints(db, c.get('userId')) }, 200))
    .openapi(createEndpointRoute, async (c) =>
      c.json(await createWebhookEndpoint(db, c.get('userId'), c.req.valid('json'), policy), 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json(
        await updateWebhookEndpoint(db, c.get('userId'), c.req.valid('param').id, c.req.valid('json'), policy),
        200,
      ),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteWebhookEndpoint(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(secretRoute, async (c) =>
      c.json(await getWebhookSecret(db, c.get('userId'), c.req.valid('param').id), 200, NO_STORE),
    )
    .openapi(rollRoute, async (c) =>
      c.json(await rollWebhookSecret(db, c.get('userId'), c.req.valid('param').id), 200, NO_STORE),
    )
    .openapi(attemptsRoute, async (c) =>
      c.json(await listWebhookAttempts(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(resendRoute, async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      await resendWebhookDelivery(db, c.get('userId'), id, deliveryId);
      return c.body(null, 202);
    });
}
