import { createRoute, z } from '@hono/zod-openapi';
import { OverlaySettings, OverlayState, StartGoalInput, UpdateOverlaySettingsInput } from '@sweetwish/shared/overlay';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const getRoute = createRoute({
  operationId: 'overlayGet',
  security: SESSION,
  method: 'get',
  path: '/overlay/settings',
  summary: "The signed-in creator's stream overlay: its secret address and what it shows",
  responses: { 200: jsonResponse(OverlaySettings, 'The settings'), ...signedIn },
});

export const patchRoute = createRoute({
  operationId: 'overlayPatch',
  security: SESSION,
  method: 'patch',
  path: '/overlay/settings',
  summary: 'Choose what the overlay shows: alerts, goal, leaderboard, minimum amount, sound, leaderboard period',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateOverlaySettingsInput } } } },
  responses: {
    200: jsonResponse(OverlaySettings, 'The settings'),
    400: errorResponse('Nothing to change'),
    ...signedIn,
  },
});

export const startGoalRoute = createRoute({
  operationId: 'overlayStartGoal',
  security: SESSION,
  method: 'post',
  path: '/overlay/goal',
  summary: 'Start a goal now: one of your wishes (its price is the target) or a number of tokens',
  request: { body: { required: true, content: { 'application/json': { schema: StartGoalInput } } } },
  responses: {
    200: jsonResponse(OverlaySettings, 'The settings'),
    400: errorResponse('Not a wish or token target'),
    ...signedIn,
    404: errorResponse('Not one of your wishes'),
  },
});

export const stopGoalRoute = createRoute({
  operationId: 'overlayStopGoal',
  security: SESSION,
  method: 'delete',
  path: '/overlay/goal',
  summary: 'End the goal: the overlay shows none',
  responses: { 200: jsonResponse(OverlaySettings, 'The settings'), ...signedIn },
});

export const regenerateRoute = createRoute({
  operationId: 'overlayRegenerate',
  security: SESSION,
  method: 'post',
  path: '/overlay/secret',
  summary: 'Give the overlay a new secret address; the old one stops at once, open overlays included',
  responses: { 200: jsonResponse(OverlaySettings, 'The settings, with the new secret'), ...signedIn },
});

export const testAlertRoute = createRoute({
  operationId: 'overlayTestAlert',
  security: SESSION,
  method: 'post',
  path: '/overlay/test-alert',
  summary: 'Show a sample alert, marked as a test, on the open overlays (nothing is stored)',
  responses: { 204: { description: 'Sent' }, ...signedIn },
});

export const stateRoute = createRoute({
  operationId: 'overlayState',
  method: 'get',
  path: '/overlay/{secret}/state',
  summary: 'What an overlay shows besides alerts (for the overlay page, which holds the secret)',
  request: { params: z.object({ secret: z.string().max(100) }) },
  responses: { 200: jsonResponse(OverlayState, 'The state'), 404: errorResponse('No overlay has this address') },
});
