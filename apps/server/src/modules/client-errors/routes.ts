import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/validation-hook';

import { reportClientError } from './contract';

/**
 * The most of each field that reaches the log: 6.3 KB a report at most. With the reports' rate limits
 * (write-policy.ts: per address and site-wide) this bounds what reports add to the log.
 */
export const LOGGED_REPORT_CHARS = { message: 1000, stack: 4000, url: 1000, userAgent: 300 };

function clip(text: string | undefined, max: number): string | undefined {
  return text !== undefined && text.length > max ? `${text.slice(0, max)}…` : text;
}

export function clientErrorRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(reportClientError, (c) => {
    const report = c.req.valid('json');
    const clientError = {
      message: clip(report.message, LOGGED_REPORT_CHARS.message),
      stack: clip(report.stack, LOGGED_REPORT_CHARS.stack),
      url: clip(report.url, LOGGED_REPORT_CHARS.url),
    };
    const userAgent = clip(c.req.header('user-agent'), LOGGED_REPORT_CHARS.userAgent);
    c.get('log').warn({ clientError, userAgent }, 'client error');
    return c.body(null, 204);
  });
}
