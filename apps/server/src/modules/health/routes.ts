import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { HealthResponse, ReadyResponse } from '@sweetwish/shared/health';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/validation-hook';

const getHealth = createRoute({
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

const getReady = createRoute({
  method: 'get',
  path: '/ready',
  summary: "The load balancer's check: whether this instance takes new work",
  responses: {
    200: { description: 'It does', content: { 'application/json': { schema: ReadyResponse } } },
    503: { description: 'It is shutting down', content: { 'application/json': { schema: ReadyResponse } } },
  },
});

/**
 * /health asks the database too (for monitoring). /ready, the load balancer's check, does not: every
 * instance shares the one database, so taking an instance out because the database is slow would only pile
 * its load onto the others, which then fail their checks in turn.
 */
export function healthRoutes(database: DatabaseHandle, shutdown: AbortSignal) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getHealth, async (c) => {
      await database.ping();
      return c.json({ status: 'ok' as const, database: database.kind }, 200);
    })
    .openapi(getReady, (c) =>
      shutdown.aborted ? c.json({ status: 'stopping' as const }, 503) : c.json({ status: 'ready' as const }, 200),
    );
}
