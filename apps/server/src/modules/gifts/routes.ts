import { OpenAPIHono } from '@hono/zod-openapi';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { idempotentRequest } from '../../http/idempotent-request';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  buyRoute,
  getPurchaseRoute,
  getReceivedRoute,
  listPurchasesRoute,
  listReceivedRoute,
  markSeenRoute,
  tipRoute,
} from './contract';
import { createGiftBatcher } from './gift-batcher';
import { buyWish, getPurchase, getReceived, listPurchases, listReceived, markSeen, sendTip } from './service';

export function giftRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const post = createGiftBatcher(db);
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/purchases', '/purchases/*', '/tips', '/received', '/received/*']) {
    app.use(path, requireUser(deps.auth));
  }
  app.on('POST', ['/purchases', '/tips'], idempotentRequest(db));
  return app
    .openapi(buyRoute, async (c) => {
      const input = c.req.valid('json');
      const result = await buyWish(db, post, c.get('userId'), input, c.get('idempotencyKey'));
      // The wishlist may show it sold now; this instance must not serve the old one to the buyer.
      deps.publicCache.forget({ topic: 'wishes', userId: input.sellerId });
      return c.json(result, 201);
    })
    .openapi(tipRoute, async (c) =>
      c.json(await sendTip(db, post, c.get('userId'), c.req.valid('json'), c.get('idempotencyKey')), 201),
    )
    .openapi(listPurchasesRoute, async (c) =>
      c.json(await listPurchases(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getPurchaseRoute, async (c) =>
      c.json(await getPurchase(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(listReceivedRoute, async (c) =>
      c.json(await listReceived(db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(getReceivedRoute, async (c) =>
      c.json(await getReceived(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(markSeenRoute, async (c) => {
      await markSeen(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
