import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { PageQuery } from '@sweetwish/shared/paging';
import {
  ArchivedWishPage,
  CreateWishInput,
  ProfilePage,
  UpdateWishInput,
  Wish,
  WishList,
  WishPage,
} from '@sweetwish/shared/wishes';
import type { TypedResponse } from 'hono';
import type { PublicCache } from '../../changes/public-cache';
import type { Database, DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { sendJsonBytes } from '../../http/json-bytes';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { profilePage } from './profile-page';
import { createWish, getWishPage, listArchivedWishPage, listWishes, updateWish } from './service';

const Id = z.object({ id: z.string().min(1).max(64) });

const profilePageRoute = createRoute({
  method: 'get',
  path: '/users/{handle}/page',
  summary:
    'What /{handle} shows a visitor in one answer: the profile (a past handle answers with the current one) and its wishlist',
  request: { params: z.object({ handle: z.string().min(1).max(64) }) },
  responses: { 200: jsonResponse(ProfilePage, 'The profile and its wishes'), 404: errorResponse('User Not Found') },
});

const listRoute = createRoute({
  method: 'get',
  path: '/users/{id}/wishes',
  summary: "A seller's wishlist (the wishes not archived) in product.md's order",
  request: { params: Id },
  responses: { 200: jsonResponse(WishList, 'The wishes') },
});

const archivedRoute = createRoute({
  method: 'get',
  path: '/users/{id}/archived-wishes',
  summary: "A page of the signed-in seller's archived wishes in product.md's order (the owner only)",
  request: { params: Id, query: PageQuery },
  responses: {
    200: jsonResponse(ArchivedWishPage, 'The archived wishes'),
    400: errorResponse('A bad cursor or limit'),
    403: errorResponse('Archived wishes of someone else'),
  },
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

export function wishRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  publicCache: PublicCache;
  /** Checks and acts on a change before it is written, in its transaction (group gifts: wired by app.ts). */
  beforeWishUpdate: (tx: Database, current: Wish, changes: UpdateWishInput) => Promise<void>;
}) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.on(['POST', 'PATCH'], '/wishes/*', requireUser(deps.auth));
  app.post('/wishes', requireUser(deps.auth));
  return app
    .openapi(profilePageRoute, async (c) => {
      // The page fans land on, in one round trip rather than the profile and then its wishes (issue 23).
      const page = await profilePage(db, deps.publicCache, c.req.valid('param').handle);
      return sendJsonBytes(c, page) as unknown as TypedResponse<z.infer<typeof ProfilePage>, 200, 'json'>;
    })
    .openapi(listRoute, async (c) => {
      // The public list is the same for everyone, so it is cached (the owner's archived list is not).
      const id = c.req.valid('param').id;
      const list = await deps.publicCache.getOrLoad(
        `wishes:${id}`,
        () => id,
        () => listWishes(db, id),
      );
      return sendJsonBytes(c, list) as unknown as TypedResponse<z.infer<typeof WishList>, 200, 'json'>;
    })
    .openapi(archivedRoute, async (c) => {
      const viewer = await viewerId(deps.auth, c.req.raw.headers);
      const page = pageRequest(c.req.valid('query'));
      return c.json(await listArchivedWishPage(db, c.req.valid('param').id, viewer, page), 200);
    })
    .openapi(getRoute, async (c) => c.json(await getWishPage(db, c.req.valid('param').id), 200))
    .openapi(createRouteDef, async (c) => {
      const wish = await createWish(db, c.get('userId'), c.req.valid('json'));
      deps.publicCache.forget({ topic: 'wishes', userId: wish.sellerId });
      return c.json(wish, 201);
    })
    .openapi(updateRouteDef, async (c) => {
      const changes = c.req.valid('json');
      // Archiving an unfunded group gift gives its contributions back, in the same transaction (decision 033).
      const wish = await updateWish(db, c.get('userId'), c.req.valid('param').id, changes, (tx, current) =>
        deps.beforeWishUpdate(tx, current, changes),
      );
      deps.publicCache.forget({ topic: 'wishes', userId: wish.sellerId });
      return c.json(wish, 200);
    });
}
