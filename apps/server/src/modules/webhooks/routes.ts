import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import {
  attemptsRoute,
  createEndpointRoute,
  deleteRoute,
  listRoute,
  resendRoute,
  rollRoute,
  secretRoute,
  testEventRoute,
  updateRoute,
} from './contract';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookSecret,
  listWebhookAttempts,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from './service';

/** Secrets must not stay in a cache on the way or in the browser. */
const NO_STORE = { 'Cache-Control': 'no-store' };

export function webhookRoutes(deps: { database: DatabaseHandle; auth: Auth; isLocalPublicUrl: boolean }) {
  const db = deps.database.db;
  const policy = { allowLocal: deps.isLocalPublicUrl };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/webhooks/*', requireUser(deps.auth));
  return app
    .openapi(listRoute, async (c) =>
      c.json({ endpoints: await listWebhookEndpoints(db, c.get('userId')), acceptsLocalHttp: policy.allowLocal }, 200),
    )
    .openapi(createEndpointRoute, async (c) =>
      c.json(await createWebhookEndpoint(db, c.get('userId'), c.req.valid('json'), policy), 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json(
        await updateWebhookEndpoint(db, c.get('userId'), c.req.valid('param').id, c.req.valid('json'), policy),
        200,
      ),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteWebhookEndpoint(db, c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(secretRoute, async (c) =>
      c.json(await getWebhookSecret(db, c.get('userId'), c.req.valid('param').id), 200, NO_STORE),
    )
    .openapi(rollRoute, async (c) =>
      c.json(await rollWebhookSecret(db, c.get('userId'), c.req.valid('param').id), 200, NO_STORE),
    )
    .openapi(attemptsRoute, async (c) =>
      c.json(await listWebhookAttempts(db, c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(resendRoute, async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      await resendWebhookDelivery(db, c.get('userId'), id, deliveryId);
      return c.body(null, 202);
    })
    .openapi(testEventRoute, async (c) =>
      c.json(await sendWebhookTestEvent(db, c.get('userId'), c.req.valid('param').id), 202),
    );
}
