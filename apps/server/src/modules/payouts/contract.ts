import { createRoute } from '@hono/zod-openapi';
import { PageQuery } from '@sweetwish/shared/paging';
import {
  OnboardingLink,
  OnboardingLinkInput,
  PayoutAccountStatus,
  Withdrawal,
  WithdrawalInput,
  WithdrawalPage,
} from '@sweetwish/shared/payouts';
import { SESSION } from '../../http/api-contract';
import { idempotencyHeader } from '../../http/idempotency-header';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const signedIn = { 401: errorResponse('Nobody is signed in') };

export const statusRoute = createRoute({
  operationId: 'payoutsStatus',
  security: SESSION,
  method: 'get',
  path: '/payouts/account',
  summary: "The signed-in user's payout account, or null before onboarding (getStripeAccountStatus)",
  responses: {
    503: errorResponse('No card provider on this deployment'),
    200: jsonResponse(PayoutAccountStatus, 'The account'),
    ...signedIn,
    500: errorResponse('The card provider could not be asked'),
  },
});

export const onboardingRoute = createRoute({
  operationId: 'payoutsOnboarding',
  security: SESSION,
  method: 'post',
  path: '/payouts/onboarding-link',
  summary: "A link to the card provider's onboarding for the signed-in user's account (createStripeOnboardingLink)",
  request: { body: { required: true, content: { 'application/json': { schema: OnboardingLinkInput } } } },
  responses: {
    503: errorResponse('No card provider on this deployment'),
    201: jsonResponse(OnboardingLink, 'Where the browser goes'),
    400: errorResponse('A field breaks a rule'),
    ...signedIn,
    500: errorResponse('The card provider could not start onboarding'),
  },
});

export const listRoute = createRoute({
  operationId: 'payoutsList',
  security: SESSION,
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

export const withdrawRoute = createRoute({
  operationId: 'payoutsWithdraw',
  security: SESSION,
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
