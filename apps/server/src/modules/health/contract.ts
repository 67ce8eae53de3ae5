import { createRoute } from '@hono/zod-openapi';
import { HealthResponse, ReadyResponse } from '@sweetwish/shared/health';

export const getHealth = createRoute({
  operationId: 'healthGetHealth',
  method: 'get',
  path: '/health',
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The server and its database answer',
      content: { 'application/json': { schema: HealthResponse } },
    },
  },
});

export const getReady = createRoute({
  operationId: 'healthGetReady',
  method: 'get',
  path: '/ready',
  summary: "The load balancer's check: whether this instance takes new work",
  responses: {
    200: { description: 'It does', content: { 'application/json': { schema: ReadyResponse } } },
    503: { description: 'It is shutting down', content: { 'application/json': { schema: ReadyResponse } } },
  },
});
