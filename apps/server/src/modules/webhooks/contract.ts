import { createRoute, z } from '@hono/zod-openapi';
import {
  WebhookAttempts,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpoints,
  WebhookEndpointUpdate,
  WebhookSecret,
  WebhookTestEvent,
} from '@sweetwish/shared/webhooks';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });
export const DeliveryId = z.object({ id: z.string().min(1).max(64), deliveryId: z.coerce.number().int().positive() });
export const signedIn = { 401: errorResponse('Nobody is signed in') };
export const notFound = { 404: errorResponse('No endpoint of the signed-in user has this id') };
export const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export const listRoute = createRoute({
  operationId: 'webhooksList',
  security: SESSION,
  method: 'get',
  path: '/webhooks/endpoints',
  summary: "The signed-in user's webhook endpoints, and whether this server accepts local http addresses",
  responses: { 200: jsonResponse(WebhookEndpoints, 'The endpoints, oldest first'), ...signedIn },
});

export const createEndpointRoute = createRoute({
  operationId: 'webhooksCreateEndpoint',
  security: SESSION,
  method: 'post',
  path: '/webhooks/endpoints',
  summary: 'Add a webhook endpoint (at most 5), with its own signing secret',
  request: json(WebhookEndpointInput),
  responses: {
    201: jsonResponse(WebhookEndpoint, 'The endpoint'),
    400: errorResponse('Not an https address of a public host (a local test server: http too), or no events'),
    ...signedIn,
    409: errorResponse('Five endpoints already'),
  },
});

export const updateRoute = createRoute({
  operationId: 'webhooksUpdate',
  security: SESSION,
  method: 'patch',
  path: '/webhooks/endpoints/{id}',
  summary: 'Change an endpoint’s address or events, or turn it off or on',
  request: { params: Id, ...json(WebhookEndpointUpdate) },
  responses: {
    200: jsonResponse(WebhookEndpoint, 'The endpoint'),
    400: errorResponse('Not an https address of a public host (a local test server: http too), or no events'),
    ...signedIn,
    ...notFound,
  },
});

export const deleteRoute = createRoute({
  operationId: 'webhooksDelete',
  security: SESSION,
  method: 'delete',
  path: '/webhooks/endpoints/{id}',
  summary: 'Delete an endpoint and its delivery log',
  request: { params: Id },
  responses: { 204: { description: 'Deleted' }, ...signedIn, ...notFound },
});

export const secretRoute = createRoute({
  operationId: 'webhooksSecret',
  security: SESSION,
  method: 'get',
  path: '/webhooks/endpoints/{id}/secret',
  summary: 'The endpoint’s signing secret (its owner only)',
  request: { params: Id },
  responses: { 200: jsonResponse(WebhookSecret, 'The secret'), ...signedIn, ...notFound },
});

export const rollRoute = createRoute({
  operationId: 'webhooksRoll',
  security: SESSION,
  method: 'post',
  path: '/webhooks/endpoints/{id}/secret/roll',
  summary: 'A new signing secret; the previous one keeps signing beside it for 24 hours',
  request: { params: Id },
  responses: { 200: jsonResponse(WebhookSecret, 'The new secret'), ...signedIn, ...notFound },
});

export const attemptsRoute = createRoute({
  operationId: 'webhooksAttempts',
  security: SESSION,
  method: 'get',
  path: '/webhooks/endpoints/{id}/attempts',
  summary: 'The endpoint’s delivery log, newest first (the last 100 attempts of the last 30 days)',
  request: { params: Id },
  responses: { 200: jsonResponse(WebhookAttempts, 'The attempts'), ...signedIn, ...notFound },
});

export const resendRoute = createRoute({
  operationId: 'webhooksResend',
  security: SESSION,
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

export const testEventRoute = createRoute({
  operationId: 'webhooksSendTestEvent',
  security: SESSION,
  method: 'post',
  path: '/webhooks/endpoints/{id}/test',
  summary: 'Send a signed `webhook.test` event to this endpoint now, through the usual delivery (its log shows it)',
  request: { params: Id },
  responses: {
    202: jsonResponse(WebhookTestEvent, 'Queued; its webhook-id'),
    ...signedIn,
    ...notFound,
    409: errorResponse('The endpoint is turned off or paused'),
  },
});
