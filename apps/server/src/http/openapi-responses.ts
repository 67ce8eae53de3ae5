import type { z } from '@hono/zod-openapi';
import { ApiErrorBody } from '@sweetwish/shared/api-error';

/** A JSON response of an OpenAPI route, described by its shared schema. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** An error response: always the one error body of architecture.md section 9. */
export function errorResponse(description: string) {
  return jsonResponse(ApiErrorBody, description);
}
