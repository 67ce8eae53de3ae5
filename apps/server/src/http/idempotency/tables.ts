import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of money requests (tips, purchases, top-ups, withdrawals), per user: a repeated
 * request with the same key gets the first answer instead of a second effect (decision 019). A row is
 * written when the first request starts and gets its answer when that succeeds; a failed request gives
 * its key back, since a failure changed nothing. Kept at least 24 hours.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a request that never finished (its process died) may be taken over by a retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
