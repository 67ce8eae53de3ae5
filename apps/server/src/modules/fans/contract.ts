import { createRoute, z } from '@hono/zod-openapi';
import { FanMembership, FanPage } from '@sweetwish/shared/fans';
import { PageQuery } from '@sweetwish/shared/paging';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const CreatorId = z.object({ id: z.string().min(1).max(64) });
export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const listRoute = createRoute({
  operationId: 'fansList',
  security: SESSION,
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

export const getRoute = createRoute({
  operationId: 'fansGet',
  security: SESSION,
  method: 'get',
  path: '/creators/{id}/fan-membership',
  summary: "Whether the signed-in user may join, and has joined, a creator's fan base",
  request: { params: CreatorId },
  responses: { 200: jsonResponse(FanMembership, 'The membership'), ...signedIn, 404: errorResponse('No such creator') },
});

export const joinRoute = createRoute({
  operationId: 'fansJoin',
  security: SESSION,
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

export const leaveRoute = createRoute({
  operationId: 'fansLeave',
  security: SESSION,
  method: 'delete',
  path: '/creators/{id}/fan-membership',
  summary: "Leave a creator's fan base",
  request: { params: CreatorId },
  responses: { 200: jsonResponse(FanMembership, 'The membership'), ...signedIn, 404: errorResponse('No such creator') },
});
