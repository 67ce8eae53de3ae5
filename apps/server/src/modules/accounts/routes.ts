import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CompleteProfileInput,
  HandleAvailability,
  HandleAvailabilityQuery,
  Inviter,
  Me,
  PublicConfig,
  SetHandleInput,
  SignInMethods,
  SocialProvider,
} from '@sweetwish/shared/accounts';
import type { PublicCache } from '../../changes/public-cache';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { isLocalRequest } from '../../http/local-request';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from './auth';
import { completeProfile, findInviter, getMe, isHandleAvailable, setHandle } from './service';
import { listSignInMethods, removeSignInMethod } from './sign-in-methods';

const getPublicConfig = createRoute({
  method: 'get',
  path: '/public-config',
  summary: 'Which sign-in options this server offers',
  responses: { 200: jsonResponse(PublicConfig, 'The options') },
});

const getMeRoute = createRoute({
  method: 'get',
  path: '/me',
  summary: 'The signed-in user, or null for a visitor',
  // A visitor is an answer, not an error: a 401 on every page load showed as a console error.
  responses: { 200: jsonResponse(z.union([Me, z.null()]), 'The user, or null when nobody is signed in') },
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

const getSignInMethods = createRoute({
  method: 'get',
  path: '/sign-in-methods',
  summary: "The signed-in user's ways to sign in, and the providers they can still link",
  responses: { 200: jsonResponse(SignInMethods, 'The methods'), 401: errorResponse('Nobody is signed in') },
});

const deleteSignInMethod = createRoute({
  method: 'delete',
  path: '/sign-in-methods/{provider}',
  summary: 'Unlink Google or Apple (never the last way to sign in)',
  request: { params: z.object({ provider: SocialProvider }) },
  responses: {
    200: jsonResponse(SignInMethods, 'The methods left'),
    401: errorResponse('Nobody is signed in'),
    404: errorResponse('Not linked'),
    409: errorResponse('The only way to sign in'),
  },
});

export function accountRoutes(deps: {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  hasOutbox: boolean;
  hasCardSandbox: boolean;
  publicCache: PublicCache;
}) {
  const { config, auth } = deps;
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/profile/*', requireUser(auth));
  app.use('/sign-in-methods/*', requireUser(auth));
  app.use('/sign-in-methods', requireUser(auth));

  return app
    .openapi(getPublicConfig, (c) =>
      c.json(
        {
          previewEmail: config.preview?.email ?? null,
          socialProviders: [...(config.google ? ['google' as const] : []), ...(config.apple ? ['apple' as const] : [])],
          // Both answer only requests made on this machine: elsewhere their links would lead nowhere.
          hasOutbox: deps.hasOutbox && isLocalRequest(c),
          hasCardSandbox: deps.hasCardSandbox && isLocalRequest(c),
        },
        200,
      ),
    )
    .openapi(getMeRoute, async (c) => {
      const userId = await viewerId(auth, c.req.raw.headers);
      return c.json(userId ? await getMe(db, userId) : null, 200);
    })
    .openapi(getHandleAvailability, async (c) => {
      const { handle } = c.req.valid('query');
      const userId = await viewerId(auth, c.req.raw.headers);
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
    .openapi(getSignInMethods, async (c) => c.json(await listSignInMethods(db, config, c.get('userId')), 200))
    .openapi(deleteSignInMethod, async (c) =>
      c.json(await removeSignInMethod(db, config, c.get('userId'), c.req.valid('param').provider), 200),
    )
    .openapi(getAffiliate, async (c) => {
      const inviter = await findInviter(db, c.req.valid('param').code);
      if (!inviter) throw new AppError('NOT_FOUND', 'No such inviter');
      return c.json(inviter, 200);
    });
}
