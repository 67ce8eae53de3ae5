import { z } from 'zod';

/** Codes every API error carries (architecture.md section 9). One mapping on the server turns them into statuses. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_BALANCE',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  /** A service this deployment does not have configured (card payments without STRIPE_*): 503. */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      /** Field path (dot-separated) to the first problem with that field. */
      fields: z.record(z.string(), z.string()).optional(),
      /** Present on 5xx, so a user can quote it to support and we can find the log lines. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The field-to-message map of a failed parse: the first message per field, "body" for the root. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}
