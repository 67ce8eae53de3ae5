import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ContributeInput, ContributeResult, GroupGiftProgress, TakeBackResult } from '@sweetwish/shared/group-gifts';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { idempotencyHeader, idempotentRequest } from '../../http/idempotent-request';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { contribute, getProgress, takeBack } from './service';

const Id = z.object({ id: z.string().min(1).max(64) });

const progressRoute = createRoute({
  method: 'get',
  path: '/wishes/{id}/group-gift',
  summary: "A group gift's progress and contributors; the viewer's own contributions; the owner's earnings",
  request: { params: Id },
  responses: {
    200: jsonResponse(GroupGiftProgress, 'The group gift'),
    404: errorResponse('No such wish, or not a group gift'),
  },
});

const contributeRoute = createRoute({
  method: 'post',
  path: '/wishes/{id}/contributions',
  summary: 'Contribute whole tokens to a group gift (up to what remains); the one completing it grants it',
  request: {
    params: Id,
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: ContributeInput } } },
  },
  responses: {
    201: jsonResponse(ContributeResult, 'The contribution'),
    400: errorResponse('Not a whole number of tokens from 1, more than remains, or not a group gift'),
    401: errorResponse('Nobody is signed in'),
    403: errorResponse('Their own wish, or the creator refuses their gifts'),
    404: errorResponse('No such wish'),
    409: errorResponse('Funded or archived, or a request with this Idempotency-Key is still running'),
    422: errorResponse('The wallet holds too little, or the Idempotency-Key was used for another request'),
  },
});

const takeBackRoute = createRoute({
  method: 'post',
  path: '/contributions/{id}/take-back',
  summary: 'Take a contribution back to the wallet while its group gift is unfunded',
  request: { params: Id, headers: idempotencyHeader },
  responses: {
    200: jsonResponse(TakeBackResult, 'Returned, as the kinds of token it was paid with'),
    401: errorResponse('Nobody is signed in'),
    403: errorResponse('The creator turned taking back off'),
    404: errorResponse('Not a contribution of theirs'),
    409: errorResponse('The group gift is funded, or a request with this Idempotency-Key is still running'),
  },
});

export function groupGiftRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.post('/wishes/:id/contributions', requireUser(deps.auth), idempotentRequest(db));
  app.post('/contributions/:id/take-back', requireUser(deps.auth), idempotentRequest(db));
  return app
    .openapi(progressRoute, async (c) => {
      const viewer = await viewerId(deps.auth, c.req.raw.headers);
      return c.json(await getProgress(db, c.req.valid('param').id, viewer), 200);
    })
    .openapi(contributeRoute, async (c) => {
      const wishId = c.req.valid('param').id;
      const input = ContributeInput.parse(c.req.valid('json'));
      const result = await contribute(db, c.get('userId'), wishId, input, c.get('idempotencyKey'));
      return c.json(result, 201);
    })
    .openapi(takeBackRoute, async (c) => c.json(await takeBack(db, c.get('userId'), c.req.valid('param').id), 200));
}
