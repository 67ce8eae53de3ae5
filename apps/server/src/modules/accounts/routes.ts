import { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from './auth';
import { deleteSignInMethod, getMeRoute, getPublicConfig, getSignInMethods } from './contract';
import { publicConfig } from './public-config';
import { getMe } from './service';
import { listSignInMethods, removeSignInMethod } from './sign-in-methods';

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
