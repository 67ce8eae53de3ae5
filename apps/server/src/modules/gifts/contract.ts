import { createRoute, z } from '@hono/zod-openapi';
import { PageQuery } from '@sweetwish/shared/paging';
import {
  BuyInput,
  BuyResult,
  Purchase,
  PurchasePage,
  ReceivedItem,
  ReceivedPage,
  TipInput,
  TipResult,
} from '@sweetwish/shared/wallet';
import { SESSION } from '../../http/api-contract';
import { idempotencyHeader } from '../../http/idempotency-header';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });
export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const buyRoute = createRoute({
  operationId: 'giftsBuy',
  security: SESSION,
  method: 'post',
  path: '/purchases',
  summary: 'Buy a wish with tokens (buyProduct)',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: BuyInput } } },
  },
  responses: {
    201: jsonResponse(BuyResult, 'The purchase'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    403: errorResponse('The seller cannot buy their own wish'),
    404: errorResponse('No such wish of that seller'),
    409: errorResponse('The wish is sold or archived, or a request with this Idempotency-Key is still running'),
    422: errorResponse('The wallet holds too little, or the Idempotency-Key was used for another request'),
  },
});

export const tipRoute = createRoute({
  operationId: 'giftsTip',
  security: SESSION,
  method: 'post',
  path: '/tips',
  summary: 'Send a tip in tokens (sendTip)',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: TipInput } } },
  },
  responses: {
    201: jsonResponse(TipResult, 'The tip'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    403: errorResponse('A tip to oneself'),
    404: errorResponse('No such creator'),
    409: errorResponse('A request with this Idempotency-Key is still running'),
    422: errorResponse('The wallet holds too little, or the Idempotency-Key was used for another request'),
  },
});

export const listPurchasesRoute = createRoute({
  operationId: 'giftsListPurchases',
  security: SESSION,
  method: 'get',
  path: '/purchases',
  summary: "A page of the signed-in user's purchases and tips, newest first",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(PurchasePage, 'The purchases'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

export const getPurchaseRoute = createRoute({
  operationId: 'giftsGetPurchase',
  security: SESSION,
  method: 'get',
  path: '/purchases/{id}',
  summary: 'One purchase of the signed-in user',
  request: { params: Id },
  responses: { 200: jsonResponse(Purchase, 'The purchase'), ...signedIn, 404: errorResponse('Not theirs') },
});

export const listReceivedRoute = createRoute({
  operationId: 'giftsListReceived',
  security: SESSION,
  method: 'get',
  path: '/received',
  summary: 'A page of the gifts and tips the signed-in user received, newest first',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(ReceivedPage, 'The received items'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

export const getReceivedRoute = createRoute({
  operationId: 'giftsGetReceived',
  security: SESSION,
  method: 'get',
  path: '/received/{id}',
  summary: 'One received item, with gross, fees and net',
  request: { params: Id },
  responses: { 200: jsonResponse(ReceivedItem, 'The item'), ...signedIn, 404: errorResponse('Not theirs') },
});

export const markSeenRoute = createRoute({
  operationId: 'giftsMarkSeen',
  security: SESSION,
  method: 'post',
  path: '/received/{id}/seen',
  summary: 'Mark a received item seen (opening its detail)',
  request: { params: Id },
  responses: { 204: { description: 'Seen' }, ...signedIn, 404: errorResponse('Not theirs') },
});
