import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CompleteProfileInput,
  HandleAvailability,
  HandleAvailabilityQuery,
  Inviter,
  Me,
  SetHandleInput,
} from '@sweetwish/shared/accounts';
import { PublicProfile, UpdateProfileInput, UserSearchQuery, UserSearchResults } from '@sweetwish/shared/profiles';
import type { TypedResponse } from 'hono';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { sendJsonBytes } from '../../http/json-bytes';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { completeProfile, findInviter, isHandleAvailable, setHandle } from './handles';
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

const getHandleAvailability = createRoute({
  method: 'get',
  path: '/handles/availability',
  summary: 'Whether a handle can be taken',
  request: { query: HandleAvailabilityQuery },
  responses: { 200: jsonResponse(HandleAvailability, 'The answer'), 400: errorResponse('The handle breaks a rule') },
});

const postCompleteProfile = createRoute({
  method: 'post',
  path: '/profile/complete',
  summary: 'Set handle and display name after the first sign-in (completeProfile)',
  request: { body: { required: true, content: { 'application/json': { schema: CompleteProfileInput } } } },
  responses: {
    200: jsonResponse(Me, 'The completed profile'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
    409: errorResponse('The handle is taken, or the profile was already complete'),
  },
});

const putHandle = createRoute({
  method: 'put',
  path: '/profile/handle',
  summary: 'Change the handle, keeping the old one for redirects (setHandle)',
  request: { body: { required: true, content: { 'application/json': { schema: SetHandleInput } } } },
  responses: {
    200: jsonResponse(Me, 'The profile'),
    400: errorResponse('The handle breaks a rule'),
    401: errorResponse('Nobody is signed in'),
    409: errorResponse('The handle is taken'),
  },
});

const getAffiliate = createRoute({
  method: 'get',
  path: '/affiliates/{code}',
  summary: 'The inviter an affiliate code stands for',
  request: { params: z.object({ code: z.string().max(64) }) },
  responses: { 200: jsonResponse(Inviter, 'The inviter'), 404: errorResponse('No such inviter') },
});

export function profileRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.patch('/profile', requireUser(deps.auth));
  app.use('/profile/*', requireUser(deps.auth));
  return app
    .openapi(getProfile, async (c) => {
      const handle = c.req.valid('param').handle.toLowerCase();
      const load = () => getPublicProfile(db, handle);
      const profile = await deps.publicCache.getOrLoad(`profile:${handle}`, (p) => p.id, load);
      return sendJsonBytes(c, profile) as unknown as TypedResponse<z.infer<typeof PublicProfile>, 200, 'json'>;
    })
    .openapi(patchProfile, async (c) => {
      const profile = await updateProfile(db, c.get('userId'), c.req.valid('json'));
      deps.publicCache.forget({ topic: 'profile', userId: profile.id });
      return c.json(profile, 200);
    })
    .openapi(searchRoute, async (c) => {
      const q = c.req.valid('query').q;
      const load = () => searchUsers(db, q);
      const found = await deps.publicCache.getOrLoad(`search:${q.toLowerCase()}`, () => '', load);
      return sendJsonBytes(c, found) as unknown as TypedResponse<z.infer<typeof UserSearchResults>, 200, 'json'>;
    })
    .openapi(getHandleAvailability, async (c) => {
      const { handle } = c.req.valid('query');
      const userId = await viewerId(deps.auth, c.req.raw.headers);
      return c.json({ handle, isAvailable: await isHandleAvailable(db, handle, userId) }, 200);
    })
    .openapi(postCompleteProfile, async (c) => {
      const input = c.req.valid('json');
      const me = await completeProfile(db, c.get('userId'), input);
      deps.publicCache.forget({ topic: 'handle', handle: input.handle.toLowerCase() });
      return c.json(me, 200);
    })
    .openapi(putHandle, async (c) => {
      const { handle } = c.req.valid('json');
      const me = await setHandle(db, c.get('userId'), handle);
      deps.publicCache.forget({ topic: 'handle', handle: handle.toLowerCase() }, { topic: 'profile', userId: me.id });
      return c.json(me, 200);
    })
    .openapi(getAffiliate, async (c) => {
      const inviter = await findInviter(db, c.req.valid('param').code);
      if (!inviter) throw new AppError('NOT_FOUND', 'No such inviter');
      return c.json(inviter, 200);
    });
}
