import { createRoute } from '@hono/zod-openapi';
import { ClientErrorReport } from '@sweetwish/shared/client-error';
import { errorResponse } from '../../http/openapi-responses';

export const reportClientError = createRoute({
  operationId: 'clientErrorsReportClientError',
  method: 'post',
  path: '/client-errors',
  summary: "Report an uncaught error of the web app to the server's log",
  request: { body: { required: true, content: { 'application/json': { schema: ClientErrorReport } } } },
  responses: { 204: { description: 'Logged' }, 429: errorResponse('Too many reports from this address') },
});
