import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { FanMembership, FanPage } from '@sweetwish/shared/fans';
import { PageQuery } from '@sweetwish/shared/paging';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getMembership, joinFanBase, leaveFanBase, listFans } from './service';

const CreatorId = z.object({ id: z.string().min(1).max(64) });
const signedIn = { 401: errorResponse('Nobody is signed in') };

const listRoute = createRoute({
  method: 'get',
  path: '/fans',
  summary: "A page of the signed-in creator's fan base, newest first",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(FanPage, 'The fans'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/creators/{id}/fan-membership',
  summary: "Whether the signed-in user may join, and has joined, a creator's fan base",
  request: { params: CreatorId },
  responses: { 200: jsonResponse(FanMembership, 'The membership'), ...signedIn, 404: errorResponse('No such creator') },
});

const joinRoute = createRoute({
  method: 'put',
  path: '/creators/{id}/fan-membership',
  summary: "Join a creator's fan base (only after rewarding them)",
  request: { params: CreatorId },
  responses: {
    200: jsonResponse(FanMembership, 'The membership'),
    ...signedIn,
    403: errorResponse('The user never rewarded this creator'),
    404: errorResponse('No such creator'),
  },
});

const leaveRoute = createRoute({
  method: 'delete',
  path: '/creators/{id}/fan-membership',
  summary: "Leave a creator's fan base",
  request: { params: CreatorId },
  responses: { 200: jsonResponse(FanMembership, 'The membership'), ...signedIn, 404: errorResponse('No such creator') },
});

export function fanRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/fans', requireUser(deps.auth));
  app.use('/creators/*', requireUser(deps.auth));
  return app
    .openapi(listRoute, async (c) =>
      c.json(await listFans(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getRoute, async (c) => c.json(await getMembership(db, c.get('userId'), c.req.valid('param').id), 200))
    .openapi(joinRoute, async (c) => c.json(await joinFanBase(db, c.get('userId'), c.req.valid('param').id), 200))
    .openapi(leaveRoute, async (c) => c.json(await leaveFanBase(db, c.get('userId'), c.req.valid('param').id), 200));
}
