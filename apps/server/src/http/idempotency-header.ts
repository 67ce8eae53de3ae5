import { z } from '@hono/zod-openapi';

/** Stripe's rule for its own keys: up to 255 characters; here printable ASCII, no spaces. */
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The header in a route's OpenAPI document (the middleware checks it, before the route's own checks). */
export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .regex(KEY_PATTERN)
    .optional()
    .openapi({
      description:
        'A fresh value (e.g. a UUID) per user action, the same on a retry: a repeat with the same body answers ' +
        'the first result (header Idempotent-Replayed: true) and does nothing again; with another body, 422. ' +
        'Kept at least 24 hours. While the first request runs, a repeat waits up to 5 s, then gets 409.',
    }),
});
