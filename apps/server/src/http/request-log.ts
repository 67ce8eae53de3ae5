import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger';
import type { AppEnv } from './context';

const INCOMING_ID = /^[\w-]{1,64}$/;

/** The overlay's and its control page's secret address segment (decisions 031, 100), in the pages' paths and the API's. */
const OVERLAY_SECRET = /^(\/(?:api\/)?overlay(?:-control)?\/)([^/]+)/;
/** The overlay's own API paths, which hold no secret. */
const OVERLAY_PATHS = new Set(['settings', 'goal', 'secret', 'test-alert']);

/** The path as logged: an overlay's secret never reaches the logs. */
export function loggedPath(path: string): string {
  return path.replace(OVERLAY_SECRET, (whole, prefix: string, segment: string) =>
    OVERLAY_PATHS.has(segment) ? whole : `${prefix}[secret]`,
  );
}

/** Gives each request an id (kept from a trusted proxy's X-Request-Id), a child logger and a closing log line. */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    log.info(
      {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
}
