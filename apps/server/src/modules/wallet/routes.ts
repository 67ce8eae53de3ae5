import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { Wallet } from '@sweetwish/shared/wallet';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { getWallet } from './service';

const getWalletRoute = createRoute({
  method: 'get',
  path: '/wallet',
  summary: "The signed-in user's token balance",
  responses: { 200: jsonResponse(Wallet, 'The wallet'), 401: errorResponse('Nobody is signed in') },
});

export function walletRoutes(deps: { database: DatabaseHandle; auth: Auth }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.get('/wallet', requireUser(deps.auth));
  return app.openapi(getWalletRoute, async (c) => c.json(await getWallet(deps.database.db, c.get('userId')), 200));
}
