import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
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
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { idempotencyHeader, idempotentRequest } from '../../http/idempotent-request';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { createGiftBatcher } from './gift-batcher';
import { buyWish, getPurchase, getReceived, listPurchases, listReceived, markSeen, sendTip } from './service';

const Id = z.object({ id: z.string().min(1).max(64) });
const signedIn = { 401: errorResponse('Nobody is signed in') };

const buyRoute = createRoute({
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

const tipRoute = createRoute({
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

const listPurchasesRoute = createRoute({
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

const getPurchaseRoute = createRoute({
  method: 'get',
  path: '/purchases/{id}',
  summary: 'One purchase of the signed-in user',
  request: { params: Id },
  responses: { 200: jsonResponse(Purchase, 'The purchase'), ...signedIn, 404: errorResponse('Not theirs') },
});

const listReceivedRoute = createRoute({
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

const getReceivedRoute = createRoute({
  method: 'get',
  path: '/received/{id}',
  summary: 'One received item, with gross, fees and net',
  request: { params: Id },
  responses: { 200: jsonResponse(ReceivedItem, 'The item'), ...signedIn, 404: errorResponse('Not theirs') },
});

const markSeenRoute = createRoute({
  method: 'post',
  path: '/received/{id}/seen',
  summary: 'Mark a received item seen (opening its detail)',
  request: { params: Id },
  responses: { 204: { description: 'Seen' }, ...signedIn, 404: errorResponse('Not theirs') },
});

export function giftRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const post = createGiftBatcher(db);
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/purchases', '/purchases/*', '/tips', '/received', '/received/*']) {
    app.use(path, requireUser(deps.auth));
  }
  app.on('POST', ['/purchases', '/tips'], idempotentRequest(db));
  return app
    .openapi(buyRoute, async (c) => {
      const input = c.req.valid('json');
      const result = await buyWish(db, post, c.get('userId'), input, c.get('idempotencyKey'));
      // The wishlist may show it sold now; this instance must not serve the old one to the buyer.
      deps.publicCache.forget({ topic: 'wishes', userId: input.sellerId });
      return c.json(result, 201);
    })
    .openapi(tipRoute, async (c) =>
      c.json(await sendTip(db, post, c.get('userId'), c.req.valid('json'), c.get('idempotencyKey')), 201),
    )
    .openapi(listPurchasesRoute, async (c) =>
      c.json(await listPurchases(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getPurchaseRoute, async (c) =>
      c.json(await getPurchase(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(listReceivedRoute, async (c) =>
      c.json(await listReceived(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getReceivedRoute, async (c) =>
      c.json(await getReceived(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(markSeenRoute, async (c) => {
      await markSeen(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
