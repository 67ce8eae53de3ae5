import { createRoute } from '@hono/zod-openapi';
import { errorResponse } from '../../http/openapi-responses';

export const acceptTerms = createRoute({
  operationId: 'termsAcceptTerms',
  method: 'post',
  path: '/terms-accepted',
  summary: 'Accept the terms from the sign-in page before the app has started (a plain form), then back to the page',
  responses: {
    303: { description: 'The terms are accepted in this browser: back to the page the form was on' },
    429: errorResponse('Too many requests from this address'),
  },
});
