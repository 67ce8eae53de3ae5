import { createRoute, z } from '@hono/zod-openapi';
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
import { OPTIONAL_SESSION, SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const Id = z.object({ id: z.string().min(1).max(64) });

export const profilePageRoute = createRoute({
  operationId: 'wishesProfilePage',
  method: 'get',
  path: '/users/{handle}/page',
  summary:
    'What /{handle} shows a visitor in one answer: the profile (a past handle answers with the current one) and its wishlist',
  request: { params: z.object({ handle: z.string().min(1).max(64) }) },
  responses: { 200: jsonResponse(ProfilePage, 'The profile and its wishes'), 404: errorResponse('User Not Found') },
});

export const listRoute = createRoute({
  operationId: 'wishesList',
  method: 'get',
  path: '/users/{id}/wishes',
  summary: "A seller's wishlist (the wishes not archived) in product.md's order",
  request: { params: Id },
  responses: { 404: errorResponse('No such user'), 200: jsonResponse(WishList, 'The wishes') },
});

export const archivedRoute = createRoute({
  operationId: 'wishesArchived',
  security: OPTIONAL_SESSION,
  method: 'get',
  path: '/users/{id}/archived-wishes',
  summary: "A page of the signed-in seller's archived wishes in product.md's order (the owner only)",
  request: { params: Id, query: PageQuery },
  responses: {
    404: errorResponse('No such user'),
    200: jsonResponse(ArchivedWishPage, 'The archived wishes'),
    400: errorResponse('A bad cursor or limit'),
    403: errorResponse('Archived wishes of someone else'),
  },
});

export const getRoute = createRoute({
  operationId: 'wishesGet',
  method: 'get',
  path: '/wishes/{id}',
  summary: 'A wish and its seller, for the public wish page',
  request: { params: Id },
  responses: { 200: jsonResponse(WishPage, 'The wish'), 404: errorResponse('No such wish') },
});

export const createRouteDef = createRoute({
  operationId: 'wishesCreate',
  security: SESSION,
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

export const updateRouteDef = createRoute({
  operationId: 'wishesUpdate',
  security: SESSION,
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
