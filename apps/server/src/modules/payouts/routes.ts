import { OpenAPIHono } from '@hono/zod-openapi';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { idempotentRequest } from '../../http/idempotent-request';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import { countWebhookEvent } from '../../metrics/registry';
import type { Auth } from '../accounts/auth';
import { verifyWebhook } from '../card-webhooks/service';
import { handleConnectEvent } from './connect-events';
import { listRoute, onboardingRoute, statusRoute, withdrawRoute } from './contract';
import {
  createOnboardingLink,
  getPayoutAccountStatus,
  listWithdrawals,
  type PayoutDeps,
  requestWithdrawal,
} from './service';

export function payoutRoutes(deps: PayoutDeps & { auth: Auth }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/payouts/*', requireUser(deps.auth));
  app.post('/payouts/withdrawals', idempotentRequest(deps.db));
  // Stripe's Connect webhooks (events on connected accounts), signed with their own secret; like the
  // platform's endpoint, no session or Origin: the signature over the raw body is the proof.
  app.post('/payments/connect-webhook', async (c) => {
    await countWebhookEvent(
      async () => verifyWebhook(deps.payments, await c.req.text(), c.req.header('stripe-signature'), 'connect'),
      (event) => handleConnectEvent(deps, event),
    );
    return c.json({ received: true }, 200);
  });
  return app
    .openapi(statusRoute, async (c) => c.json(await getPayoutAccountStatus(deps, c.get('userId')), 200))
    .openapi(onboardingRoute, async (c) =>
      c.json(await createOnboardingLink(deps, c.get('userId'), c.req.valid('json')), 201),
    )
    .openapi(listRoute, async (c) =>
      c.json(await listWithdrawals(deps.db, c.get('userId'), pageRequest(c.req.valid('query'))), 200),
    )
    .openapi(withdrawRoute, async (c) =>
      c.json(await requestWithdrawal(deps, c.get('userId'), c.req.valid('json'), c.get('idempotencyKey')), 201),
    );
}
