import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { PublicProfile, UpdateProfileInput, UserSearchQuery, UserSearchResults } from '@sweetwish/shared/profiles';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getPublicProfile, searchUsers, updateProfile } from './service';

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

export function profileRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.patch('/profile', requireUser(deps.auth));
  return app
    .openapi(getProfile, async (c) => {
      const handle = c.req.valid('param').handle.toLowerCase();
      const load = () => getPublicProfile(db, handle);
      return c.json(await deps.publicCache.getOrLoad(`profile:${handle}`, (profile) => profile.id, load), 200);
    })
    .openapi(patchProfile, async (c) => {
      const profile = await updateProfile(db, c.get('userId'), c.req.valid('json'));
      deps.publicCache.forget({ topic: 'profile', userId: profile.id });
      return c.json(profile, 200);
    })
    .openapi(searchRoute, async (c) => {
      const q = c.req.valid('query').q;
      const load = () => searchUsers(db, q);
      return c.json(await deps.publicCache.getOrLoad(`search:${q.toLowerCase()}`, () => '', load), 200);
    });
}
