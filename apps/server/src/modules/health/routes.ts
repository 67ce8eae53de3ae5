import { OpenAPIHono } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/validation-hook';

import { getHealth, getReady } from './contract';

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
