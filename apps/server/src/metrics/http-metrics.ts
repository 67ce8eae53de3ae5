import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { httpRequestDuration, httpRequests } from './registry';

/**
 * The route pattern that answered (`/api/conversations/:id/messages`), so ids never become labels; the
 * first matched route that is not middleware is the handler. `unmatched` for a request nothing handled.
 */
function routeOf(c: Parameters<typeof matchedRoutes>[0]): string {
  return matchedRoutes(c).find((route) => route.method !== 'ALL')?.path ?? 'unmatched';
}

/** Counts every request and times it to its response headers, by method, route pattern and status. */
export function httpMetrics() {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const labels = { method: c.req.method, route: routeOf(c), status: String(c.res.status) };
    httpRequests.inc(labels);
    // A live-event stream's time is how long it stayed open, not how fast it answered.
    if (labels.route !== '/api/events' && labels.route !== '/api/overlay/:secret/events')
      httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
  });
}
