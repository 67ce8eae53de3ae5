import { createRoute } from '@hono/zod-openapi';
import { ActivitySummary } from '@sweetwish/shared/wallet';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const activityRoute = createRoute({
  operationId: 'activityActivity',
  security: SESSION,
  method: 'get',
  path: '/activity',
  summary: 'What the side menu shows: purchases, received items and conversations, and how many are unseen',
  responses: { 200: jsonResponse(ActivitySummary, 'The summary'), 401: errorResponse('Nobody is signed in') },
});
