import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ClientErrorReport } from '@sweetwish/shared/client-error';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/validation-hook';

const reportClientError = createRoute({
  method: 'post',
  path: '/client-errors',
  summary: "Report an uncaught error of the web app to the server's log",
  request: { body: { required: true, content: { 'application/json': { schema: ClientErrorReport } } } },
  responses: { 204: { description: 'Logged' } },
});

export function clientErrorRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(reportClientError, (c) => {
    const report = c.req.valid('json');
    c.get('log').warn({ clientError: report, userAgent: c.req.header('user-agent') }, 'client error');
    return c.body(null, 204);
  });
}
