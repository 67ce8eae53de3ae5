import { createRoute } from '@hono/zod-openapi';
import { HomeQuery, HomeSummary } from '@sweetwish/shared/home';
import { Insights, InsightsQuery } from '@sweetwish/shared/insights';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

export const insightsRoute = createRoute({
  operationId: 'insightsGet',
  security: SESSION,
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

export const homeRoute = createRoute({
  operationId: 'homeGet',
  security: SESSION,
  method: 'get',
  path: '/home',
  summary: "What the signed-in user's home screen shows, in one answer",
  request: { query: HomeQuery },
  responses: {
    200: jsonResponse(HomeSummary, 'The home summary'),
    400: errorResponse('A bad time zone'),
    401: errorResponse('Nobody is signed in'),
  },
});
