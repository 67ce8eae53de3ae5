import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { Me, PublicConfig, SignInMethods, SocialProvider } from '@sweetwish/shared/accounts';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from './auth';
import { publicConfig } from './public-config';
import { getMe } from './service';
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
}) {
  const { config, auth } = deps;
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/sign-in-methods/*', requireUser(auth));
  app.use('/sign-in-methods', requireUser(auth));

  return app
    .openapi(getPublicConfig, (c) => c.json(publicConfig(config, deps, c), 200))
    .openapi(getMeRoute, async (c) => {
      const userId = await viewerId(auth, c.req.raw.headers);
      return c.json(userId ? await getMe(db, userId) : null, 200);
    })
    .openapi(getSignInMethods, async (c) => c.json(await listSignInMethods(db, config, c.get('userId')), 200))
    .openapi(deleteSignInMethod, async (c) =>
      c.json(await removeSignInMethod(db, config, c.get('userId'), c.req.valid('param').provider), 200),
    );
}
