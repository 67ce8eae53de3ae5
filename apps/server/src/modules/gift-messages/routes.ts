import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ControlAction,
  ControlQueue,
  GiftMessageSettings,
  ShownInput,
  UpdateGiftMessageSettingsInput,
  WallPage,
} from '@sweetwish/shared/gift-messages';
import { PageQuery } from '@sweetwish/shared/paging';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  actOnControl,
  getControlQueue,
  getGiftMessageSettings,
  regenerateControlSecret,
  updateGiftMessageSettings,
} from './service';
import { recordOverlayShown } from './shown';
import { getWall, hideWallEntry } from './wall';

const signedIn = { 401: errorResponse('Nobody is signed in') };
const secretParam = z.object({ secret: z.string().max(100) });

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/gift-messages/settings',
  summary: "The signed-in creator's choices about fans' messages: blocked words, review, speech, wall, control address",
  responses: { 200: jsonResponse(GiftMessageSettings, 'The settings'), ...signedIn },
});

const patchSettingsRoute = createRoute({
  method: 'patch',
  path: '/gift-messages/settings',
  summary: 'Change the blocked words, holding every message, speech on stream, or the supporters wall',
  request: {
    body: { required: true, content: { 'application/json': { schema: UpdateGiftMessageSettingsInput } } },
  },
  responses: { 200: jsonResponse(GiftMessageSettings, 'The settings'), 400: errorResponse('Bad value'), ...signedIn },
});

const regenerateRoute = createRoute({
  method: 'post',
  path: '/gift-messages/control-secret',
  summary: 'Give the control page a new secret address; the old one stops at once',
  responses: { 200: jsonResponse(GiftMessageSettings, 'The settings, with the new secret'), ...signedIn },
});

const controlRoute = createRoute({
  method: 'get',
  path: '/overlay-control/{secret}',
  summary: 'The control page: held messages waiting for review, and whether alerts are paused',
  request: { params: secretParam },
  responses: { 200: jsonResponse(ControlQueue, 'The queue'), 404: errorResponse('No control page has this address') },
});

const actRoute = createRoute({
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

const shownRoute = createRoute({
  method: 'post',
  path: '/overlay/{secret}/shown',
  summary: 'The overlay began to show an alert: a restarted overlay resumes after it',
  request: {
    params: secretParam,
    body: { required: true, content: { 'application/json': { schema: ShownInput } } },
  },
  responses: { 204: { description: 'Recorded' }, 404: errorResponse('No overlay has this address') },
});

const wallRoute = createRoute({
  method: 'get',
  path: '/users/{handle}/wall',
  summary: "A creator's supporters wall: approved messages with names or Anonymous, newest first (empty when off)",
  request: { params: z.object({ handle: z.string().max(100) }), query: PageQuery },
  responses: {
    200: jsonResponse(WallPage, 'A page of the wall'),
    400: errorResponse('Bad page'),
    404: errorResponse('No such creator'),
  },
});

const hideRoute = createRoute({
  method: 'post',
  path: '/gift-messages/{id}/hide',
  summary: 'Take a message off your supporters wall',
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: { 204: { description: 'Hidden' }, ...signedIn, 404: errorResponse('Not a message to you') },
});

/** Fans' messages (decision 100): the creator's settings, the control page by secret, the overlay's receipts. */
export function giftMessageRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/gift-messages/settings', '/gift-messages/control-secret', '/gift-messages/*']) {
    app.use(path, requireUser(deps.auth));
  }
  return app
    .openapi(getSettingsRoute, async (c) => c.json(await getGiftMessageSettings(db, c.get('userId')), 200))
    .openapi(patchSettingsRoute, async (c) =>
      c.json(await updateGiftMessageSettings(db, c.get('userId'), c.req.valid('json')), 200),
    )
    .openapi(regenerateRoute, async (c) => c.json(await regenerateControlSecret(db, c.get('userId')), 200))
    .openapi(controlRoute, async (c) => c.json(await getControlQueue(db, c.req.valid('param').secret), 200))
    .openapi(actRoute, async (c) =>
      c.json(await actOnControl(db, c.req.valid('param').secret, c.req.valid('json')), 200),
    )
    .openapi(wallRoute, async (c) =>
      c.json(await getWall(db, c.req.valid('param').handle, pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(hideRoute, async (c) => {
      await hideWallEntry(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(shownRoute, async (c) => {
      await recordOverlayShown(db, c.req.valid('param').secret, c.req.valid('json'));
      return c.body(null, 204);
    });
}
