import { createRoute } from '@hono/zod-openapi';
import { Insights, InsightsQuery } from '@sweetwish/shared/insights';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const insightsRoute = createRoute({
  method: 'get',
  path: '/insights',
  summary: "The signed-in creator's earnings, supporters, visits and conversion over a range of their own days",
  request: { query: InsightsQuery },
  responses: {
    200: jsonResponse(Insights, 'The insights'),
    400: errorResponse('A bad range, bucket or time zone'),
    401: errorResponse('Nobody is signed in'),
  },
});
