import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { importRoute, WISH_IMPORT_PATH } from './contract';
import { importWish, type WishImportDeps } from './service';

/** POST /wish-imports, to be mounted under /api. */
export function wishImportRoutes({ auth, ...deps }: WishImportDeps & { auth: Auth }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use(WISH_IMPORT_PATH, requireUser(auth));
  return app.openapi(importRoute, async (c) =>
    c.json(await importWish(deps, c.get('userId'), c.req.valid('json').url), 200),
  );
}
