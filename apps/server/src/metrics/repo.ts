import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

export type QueueFigures = { type: string; waiting: number; oldestDueSeconds: number };

/**
 * The job queues as the workers see them: rows waiting, and how long the oldest due one has waited. Both
 * read the partial indexes the workers use (pending rows only), so a scrape stays cheap as history grows.
 */
export async function readQueues(db: Database): Promise<QueueFigures[]> {
  return queryRows<QueueFigures>(
    db,
    sql`
    select 'notification' as type, count(*)::int as waiting,
      coalesce(extract(epoch from now() - min(not_before) filter (where not_before <= now())), 0)::float8
        as "oldestDueSeconds"
    from notifications where status = 'pending'
    union all
    select 'withdrawal', count(*)::int,
      coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8
    from withdrawals where status = 'pending'`,
  );
}

/** Withdrawals by status: a table of one row per withdrawal a creator asked for, small beside the ledger. */
export async function countWithdrawalsByStatus(db: Database): Promise<{ status: string; count: number }[]> {
  return queryRows(db, sql`select status, count(*)::int as count from withdrawals group by status`);
}
