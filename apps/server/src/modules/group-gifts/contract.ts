import { createRoute, z } from '@hono/zod-openapi';
import { ContributeInput, ContributeResult, GroupGiftProgress, TakeBackResult } from '@sweetwish/shared/group-gifts';
import { OPTIONAL_SESSION, SESSION } from '../../http/api-contract';
import { idempotencyHeader } from '../../http/idempotency-header';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });

export const progressRoute = createRoute({
  operationId: 'groupGiftsProgress',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/wishes/{id}/group-gift',
  summary: "A group gift's progress and contributors; the viewer's own contributions; the owner's earnings",
  request: { params: Id },
  responses: {
    200: jsonResponse(GroupGiftProgress, 'The group gift'),
    404: errorResponse('No such wish, or not a group gift'),
  },
});

export const contributeRoute = createRoute({
  operationId: 'groupGiftsContribute',
  security: SESSION,
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

export const takeBackRoute = createRoute({
  operationId: 'groupGiftsTakeBack',
  security: SESSION,
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
