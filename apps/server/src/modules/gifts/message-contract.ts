import { createRoute, z } from '@hono/zod-openapi';
import {
  ControlAction,
  ControlQueue,
  GiftMessageSettings,
  ShownInput,
  UpdateGiftMessageSettingsInput,
  WallPage,
} from '@sweetwish/shared/gift-messages';
import { PageQuery } from '@sweetwish/shared/paging';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

const signedIn = { 401: errorResponse('Nobody is signed in') };
const secretParam = z.object({ secret: z.string().max(100) });

export const getSettingsRoute = createRoute({
  operationId: 'giftMessagesGetSettings',
  security: SESSION,
  method: 'get',
  path: '/gift-messages/settings',
  summary: "The signed-in creator's choices about fans' messages: blocked words, review, speech, wall, control address",
  responses: { 200: jsonResponse(GiftMessageSettings, 'The settings'), ...signedIn },
});

export const patchSettingsRoute = createRoute({
  operationId: 'giftMessagesUpdateSettings',
  security: SESSION,
  method: 'patch',
  path: '/gift-messages/settings',
  summary: 'Change the blocked words, holding every message, speech on stream, or the supporters wall',
  request: {
    body: { required: true, content: { 'application/json': { schema: UpdateGiftMessageSettingsInput } } },
  },
  responses: { 200: jsonResponse(GiftMessageSettings, 'The settings'), 400: errorResponse('Bad value'), ...signedIn },
});

export const regenerateRoute = createRoute({
  operationId: 'giftMessagesRegenerateControlSecret',
  security: SESSION,
  method: 'post',
  path: '/gift-messages/control-secret',
  summary: 'Give the control page a new secret address; the old one stops at once',
  responses: { 200: jsonResponse(GiftMessageSettings, 'The settings, with the new secret'), ...signedIn },
});

export const controlRoute = createRoute({
  operationId: 'giftMessagesGetControlQueue',
  method: 'get',
  path: '/overlay-control/{secret}',
  summary: 'The control page: held messages waiting for review, and whether alerts are paused',
  request: { params: secretParam },
  responses: { 200: jsonResponse(ControlQueue, 'The queue'), 404: errorResponse('No control page has this address') },
});

export const actRoute = createRoute({
  operationId: 'giftMessagesAct',
  method: 'post',
  path: '/overlay-control/{secret}',
  summary: 'Approve or reject a held message, skip the alert playing, pause or resume alerts, replay the last',
  request: {
    params: secretParam,
    body: { required: true, content: { 'application/json': { schema: ControlAction } } },
  },
  responses: {
    200: jsonResponse(ControlQueue, 'The queue after the action'),
    400: errorResponse('Not an action'),
    404: errorResponse('No control page has this address, or the message is not waiting'),
  },
});

export const shownRoute = createRoute({
  operationId: 'giftMessagesOverlayShown',
  method: 'post',
  path: '/overlay/{secret}/shown',
  summary: 'The overlay began to show an alert: a restarted overlay resumes after it',
  request: {
    params: secretParam,
    body: { required: true, content: { 'application/json': { schema: ShownInput } } },
  },
  responses: { 204: { description: 'Recorded' }, 404: errorResponse('No overlay has this address') },
});

export const wallRoute = createRoute({
  operationId: 'giftMessagesGetWall',
  method: 'get',
  path: '/users/{handle}/wall',
  summary:
    "A creator's supporters wall: gifts and tips with names or Anonymous and approved messages, newest first (empty when off)",
  request: { params: z.object({ handle: z.string().max(100) }), query: PageQuery },
  responses: {
    200: jsonResponse(WallPage, 'A page of the wall'),
    400: errorResponse('Bad page'),
    404: errorResponse('No such creator'),
  },
});

export const hideRoute = createRoute({
  operationId: 'giftMessagesHide',
  security: SESSION,
  method: 'post',
  path: '/gift-messages/{id}/hide',
  summary: 'Take a gift or tip off your supporters wall, for everyone',
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: { 204: { description: 'Hidden' }, ...signedIn, 404: errorResponse('Not a gift to you') },
});
