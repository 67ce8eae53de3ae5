import { OpenAPIHono } from '@hono/zod-openapi';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { idempotentRequest } from '../../http/idempotent-request';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import type { Logger } from '../../logger';
import { countWebhookEvent } from '../../metrics/registry';
import type { Auth } from '../accounts/auth';
import { verifyWebhook } from '../card-webhooks/service';
import { topUpRoute } from './contract';
import { handleWebhookEvent, startTopUp } from './service';

export function checkoutRoutes(deps: {
  database: DatabaseHandle;
  auth: Auth;
  payments: CardPayments | undefined;
  publicOrigin: string;
  logger: Logger;
}) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/checkout/*', requireUser(deps.auth));
  app.post('/checkout/top-ups', idempotentRequest(db));
  // Webhooks carry no session or Origin: the signature over the raw body is their proof (same-origin.ts).
  app.post('/payments/webhook', async (c) => {
    await countWebhookEvent(
      async () => verifyWebhook(deps.payments, await c.req.text(), c.req.header('stripe-signature')),
      (event) => handleWebhookEvent(db, deps.logger, event, deps.payments),
    );
    return c.json({ received: true }, 200);
  });
  return app.openapi(topUpRoute, async (c) =>
    c.json(await startTopUp({ db, ...deps }, c.get('userId'), c.req.valid('json'), c.get('idempotencyKey')), 201),
  );
}
