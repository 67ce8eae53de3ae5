import { OpenAPIHono } from '@hono/zod-openapi';
import { ContributeInput } from '@sweetwish/shared/group-gifts';
import type { PublicCache } from '../../changes/public-cache';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { idempotentRequest } from '../../http/idempotent-request';
import { requireUser, viewerId } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { contributeRoute, progressRoute, takeBackRoute } from './contract';
import { contribute, getProgress, takeBack } from './service';

export function groupGiftRoutes(deps: { database: DatabaseHandle; auth: Auth; publicCache: PublicCache }) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.post('/wishes/:id/contributions', requireUser(deps.auth), idempotentRequest(db));
  app.post('/contributions/:id/take-back', requireUser(deps.auth), idempotentRequest(db));
  return app
    .openapi(progressRoute, async (c) => {
      const viewer = await viewerId(deps.auth, c.req.raw.headers);
      return c.json(await getProgress(db, c.req.valid('param').id, viewer), 200);
    })
    .openapi(contributeRoute, async (c) => {
      const wishId = c.req.valid('param').id;
      const input = ContributeInput.parse(c.req.valid('json'));
      const result = await contribute(db, c.get('userId'), wishId, input, c.get('idempotencyKey'));
      return c.json(result, 201);
    })
    .openapi(takeBackRoute, async (c) => c.json(await takeBack(db, c.get('userId'), c.req.valid('param').id), 200));
}
