import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CreateWishInput, UpdateWishInput, Wish, WishList, WishListQuery, WishPage } from '@sweetwish/shared/wishes';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { createWish, getWishPage, listWishes, updateWish } from './service';

const Id = z.object({ id: z.string().min(1).max(64) });

const listRoute = createRoute({
  method: 'get',
  path: '/users/{id}/wishes',
  summary: "A seller's wishlist in the spec's order; archived wishes for the owner only",
  request: { params: Id, query: WishListQuery },
  responses: { 200: jsonResponse(WishList, 'The wishes'), 403: errorResponse('Archived wishes of someone else') },
});

const getRoute = createRoute({
  method: 'get',
  path: '/wishes/{id}',
  summary: 'A wish and its seller, for the public wish page',
  request: { params: Id },
  responses: { 200: jsonResponse(WishPage, 'The wish'), 404: errorResponse('No such wish') },
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/wishes',
  summary: 'Add a wish to the signed-in user\u2019s wishlist (createProduct)',
  request: { body: { required: true, content: { 'application/json': { schema: CreateWishInput } } } },
  responses: {
    201: jsonResponse(Wish, 'The new wish'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
  },
});

const updateRouteDef = createRoute({
  method: 'patch',
  path: '/wishes/{id}',
  summary: 'Change some fields of one of one\u2019s own wishes (updateProduct)',
  request: { params: Id, body: { required: true, content: { 'application/json': { schema: UpdateWishInput } } } },
  responses: {
    200: jsonResponse(Wish, 'The wish'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
    404: errorResponse('No such wish of the signed-in user'),
  },
});

export function wishRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.on(['POST', 'PATCH'], '/wishes/*', requireUser(deps.auth));
  app.post('/wishes', requireUser(deps.auth));
  return app
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid('param');
      const archived = c.req.valid('query').archived === 'true';
      const viewer = archived ? await viewerId(deps.auth, c.req.raw.headers) : undefined;
      return c.json(await listWishes(db, id, { archived, viewerId: viewer }), 200);
    })
    .openapi(getRoute, async (c) => c.json(await getWishPage(db, c.req.valid('param').id), 200))
    .openapi(createRouteDef, async (c) => c.json(await createWish(db, c.get('userId'), c.req.valid('json')), 201))
    .openapi(updateRouteDef, async (c) =>
      c.json(await updateWish(db, c.get('userId'), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
