import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { PublicProfile, UpdateProfileInput, UserSearchQuery, UserSearchResults } from '@sweetwish/shared/profiles';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from './auth';
import { getPublicProfile, searchUsers, updateProfile } from './profile-service';

const getProfile = createRoute({
  method: 'get',
  path: '/users/{handle}',
  summary: 'The public profile at /{handle}; a past handle answers with the current profile',
  request: { params: z.object({ handle: z.string().min(1).max(64) }) },
  responses: { 200: jsonResponse(PublicProfile, 'The profile'), 404: errorResponse('User Not Found') },
});

const patchProfile = createRoute({
  method: 'patch',
  path: '/profile',
  summary: 'Change parts of the signed-in user\u2019s profile',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileInput } } } },
  responses: {
    200: jsonResponse(PublicProfile, 'The profile'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search/users',
  summary: 'Users whose handle or display name contains the term (userSearch)',
  request: { query: UserSearchQuery },
  responses: { 200: jsonResponse(UserSearchResults, 'Up to 20 users, best match first') },
});

export function profileRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.patch('/profile', requireUser(deps.auth));
  return app
    .openapi(getProfile, async (c) => c.json(await getPublicProfile(db, c.req.valid('param').handle), 200))
    .openapi(patchProfile, async (c) => c.json(await updateProfile(db, c.get('userId'), c.req.valid('json')), 200))
    .openapi(searchRoute, async (c) => c.json(await searchUsers(db, c.req.valid('query').q), 200));
}
