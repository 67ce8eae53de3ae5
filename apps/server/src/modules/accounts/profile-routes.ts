import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '@sweetwish/shared/api-error';
import { PublicProfile, UpdateProfileInput, UserSearchQuery, UserSearchResults } from '@sweetwish/shared/profiles';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from './auth';
import { getPublicProfile, searchUsers, updateProfile } from './profile-service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const failure = (description: string) => json(ApiErrorBody, description);

const getProfile = createRoute({
  method: 'get',
  path: '/users/{handle}',
  summary: 'The public profile at /{handle}; a past handle answers with the current profile',
  request: { params: z.object({ handle: z.string().min(1).max(64) }) },
  responses: { 200: json(PublicProfile, 'The profile'), 404: failure('User Not Found') },
});

const patchProfile = createRoute({
  method: 'patch',
  path: '/profile',
  summary: 'Change parts of the signed-in user\u2019s profile',
  request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileInput } } } },
  responses: {
    200: json(PublicProfile, 'The profile'),
    400: failure('A field breaks a rule'),
    401: failure('Nobody is signed in'),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search/users',
  summary: 'Users whose handle or display name contains the term (userSearch)',
  request: { query: UserSearchQuery },
  responses: { 200: json(UserSearchResults, 'Up to 20 users, best match first') },
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
