import { createRoute } from '@hono/zod-openapi';
import { TopUpInput, TopUpSession } from '@sweetwish/shared/wallet';
import { SESSION } from '../../http/api-contract';
import { idempotencyHeader } from '../../http/idempotency-header';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const topUpRoute = createRoute({
  operationId: 'checkoutTopUp',
  security: SESSION,
  method: 'post',
  path: '/checkout/top-ups',
  summary: 'Start a card checkout for tokens (createStripeTokenCheckoutSession)',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: TopUpInput } } },
  },
  responses: {
    503: errorResponse('No card provider on this deployment: top-ups are unavailable'),
    201: jsonResponse(TopUpSession, 'Where the browser goes to pay'),
    400: errorResponse('A field breaks a rule'),
    401: errorResponse('Nobody is signed in'),
    409: errorResponse('A request with this Idempotency-Key is still running'),
    422: errorResponse('The Idempotency-Key was used for another request'),
    500: errorResponse('The card provider could not start a checkout'),
  },
});
