import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * pending: waits for run_at; running: a runner holds it until locked_until (past it, another runner takes
 * it over); failed: given up (its last error kept for support). A job that is done is deleted: the domain's
 * own rows (a notification's status, a withdrawal's) keep the record.
 */
export const JOB_STATUSES = ['pending', 'running', 'failed'] as const;

/** The queue of background work every instance shares (jobs/runner.ts, decision 023). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The job type's name (jobs/job-type.ts): which handler runs it. */
    type: text('type').notNull(),
    /** The handler's input, checked against the type's schema when queued and again when run. */
    payload: jsonb('payload').notNull(),
    /** At most one job per key (`withdrawal:<id>`); null when any number may exist. */
    key: text('key').unique(),
    /** Jobs of one group (a webhook endpoint) run a few at a time per instance (decision 055); null: no limit. */
    groupKey: text('group_key'),
    /** Whose work it is (a creator), for the lane's time budget per tenant (decision 055); null: nobody's. */
    tenantKey: text('tenant_key'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    /** Runs started, this one included: a runner that died counts too. */
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('jobs_locked_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
  ],
);
