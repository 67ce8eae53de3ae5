import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { PageQuery } from '@sweetwish/shared/paging';
import {
  OnboardingLink,
  OnboardingLinkInput,
  PayoutAccountStatus,
  Withdrawal,
  WithdrawalInput,
  WithdrawalPage,
} from '@sweetwish/shared/payouts';
import { pageRequest } from '../../db/keyset';
import type { AppEnv } from '../../http/context';
import { idempotencyHeader, idempotentRequest } from '../../http/idempotent-request';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';
import { requireUser } from '../../http/session';
import { validationHook } from '../../http/validation-hook';
import { countWebhookEvent } from '../../metrics/registry';
import type { Auth } from '../accounts/auth';
import { verifyWebhook } from '../card-webhooks/service';
import { handleConnectEvent } from './connect-events';
import {
  createOnboardingLink,
  getPayoutAccountStatus,
  listWithdrawals,
  type PayoutDeps,
  requestWithdrawal,
} from './service';

const signedIn = { 401: errorResponse('Nobody is signed in') };

const statusRoute = createRoute({
  method: 'get',
  path: '/payouts/account',
  summary: "The signed-in user's payout account, or null before onboarding (getStripeAccountStatus)",
  responses: {
    200: jsonResponse(PayoutAccountStatus, 'The account'),
    ...signedIn,
    500: errorResponse('The card provider could not be asked'),
  },
});

const onboardingRoute = createRoute({
  method: 'post',
  path: '/payouts/onboarding-link',
  summary: "A link to the card provider's onboarding for the signed-in user's account (createStripeOnboardingLink)",
  request: { body: { required: true, content: { 'application/json': { schema: OnboardingLinkInput } } } },
  responses: {
    201: jsonResponse(OnboardingLink, 'Where the browser goes'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    500: errorResponse('The card provider could not start onboarding'),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/payouts/withdrawals',
  summary: "A page of the signed-in user's withdrawals, newest first",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(WithdrawalPage, 'The withdrawals'),
    400: errorResponse('A bad cursor or limit'),
    ...signedIn,
  },
});

const withdrawRoute = createRoute({
  method: 'post',
  path: '/payouts/withdrawals',
  summary: 'Withdraw whole tokens (at least 50) to the payout account (makeStripeWithdrawal)',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: WithdrawalInput } } },
  },
  responses: {
    201: jsonResponse(
      Withdrawal,
      'The withdrawal: in transit to the payout account (Completed once its payout is paid), or pending while the transfer is retried or waits for the platform balance',
    ),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    403: errorResponse('No payout account with payouts enabled, or the balance is on hold'),
    409: errorResponse(
      'The card provider refused the transfer (the money is back in the wallet), or a request with this Idempotency-Key is still running',
    ),
    422: errorResponse('The wallet holds too little, or the Idempotency-Key was used for another request'),
  },
});

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
