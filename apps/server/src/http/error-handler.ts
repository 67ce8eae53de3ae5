import type { ApiErrorBody, ErrorCode } from '@sweetwish/shared/api-error';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors';
import type { AppEnv } from './context';

/** The one mapping from error codes to HTTP statuses (architecture.md section 9). */
const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  INSUFFICIENT_BALANCE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export function errorBody(code: ErrorCode, message: string, extra: Partial<ApiErrorBody['error']> = {}): ApiErrorBody {
  return { error: { code, message, ...extra } };
}

/** Turns anything thrown into the error body. Unknown errors become a 500 with the request id only. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, { fields: err.fields }), STATUS_BY_CODE[err.code]);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own client errors: malformed JSON, a body over the size limit.
    const code: ErrorCode = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION';
    const message = err.status === 413 ? 'Request body is too large' : err.message || 'Bad request';
    return c.json(errorBody(code, message, code === 'VALIDATION' ? { fields: { body: message } } : {}), err.status);
  }
  const requestId = c.get('requestId');
  c.get('log').error({ err }, 'unhandled error');
  return c.json(errorBody('INTERNAL', 'Something went wrong.', { requestId }), 500);
}

export function handleNotFound(c: Context<AppEnv>) {
  return c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`), 404);
}
