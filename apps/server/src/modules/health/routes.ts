import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { HealthResponse } from '@sweetwish/shared/health';
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

export function healthRoutes(database: DatabaseHandle) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(getHealth, async (c) => {
    await database.ping();
    return c.json({ status: 'ok' as const, database: database.kind }, 200);
  });
}
