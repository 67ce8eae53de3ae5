import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { idempotentRequests } from './tables';

/** How long a key is remembered: at least the 24 hours clients are promised (decision 019). */
export const KEY_RETENTION_HOURS = 48;

export type KeyClaim =
  | { state: 'claimed' }
  | { state: 'answered'; status: number; body: unknown }
  | { state: 'in_progress' }
  | { state: 'other_request' };

type KeyRequest = { userId: string; key: string; requestHash: string; lockSeconds: number };

/**
 * Takes a key for a request in one statement: a new key, a key older than the retention, or one whose
 * first request died without an answer (its lock ran out) is claimed; otherwise the row says what the
 * key already stands for. Each call also forgets up to 100 expired keys of anyone, so the table stays
 * bounded without a background loop.
 */
export async function claimKey(db: Database, request: KeyRequest): Promise<KeyClaim> {
  const { userId, key, requestHash, lockSeconds } = request;
  const [claimed] = await queryRows<{ claimed: boolean }>(
    db,
    sql`
    with expired as (
      delete from idempotent_requests where ctid in (
        select ctid from idempotent_requests
        where created_at < now() - make_interval(hours => ${KEY_RETENTION_HOURS})
          and not (user_id = ${userId} and key = ${key})
        limit 100)
    )
    insert into idempotent_requests as r (user_id, key, request_hash, locked_until)
    values (${userId}, ${key}, ${requestHash}, now() + make_interval(secs => ${lockSeconds}))
    on conflict (user_id, key) do update
      set request_hash = excluded.request_hash, locked_until = excluded.locked_until,
        response_status = null, response_body = null, created_at = now()
      where r.created_at < now() - make_interval(hours => ${KEY_RETENTION_HOURS})
        or (r.response_status is null and r.locked_until < now() and r.request_hash = excluded.request_hash)
    returning true as claimed`,
  );
  if (claimed) return { state: 'claimed' };
  const [row] = await db
    .select({
      requestHash: idempotentRequests.requestHash,
      responseStatus: idempotentRequests.responseStatus,
      responseBody: idempotentRequests.responseBody,
    })
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  // Gone between the two statements (given back by a failed first request): the caller tries again.
  if (!row) return { state: 'in_progress' };
  if (row.requestHash !== requestHash) return { state: 'other_request' };
  if (row.responseStatus === null) return { state: 'in_progress' };
  return { state: 'answered', status: row.responseStatus, body: row.responseBody };
}

/** Keeps the first request's answer for its key. */
export async function saveAnswer(db: Database, userId: string, key: string, answer: { status: number; body: unknown }) {
  await db
    .update(idempotentRequests)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
}

/** Gives a key back after a request that changed nothing (refused or failed), so a retry runs anew. */
export async function releaseKey(db: Database, userId: string, key: string) {
  await db
    .delete(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, userId),
        eq(idempotentRequests.key, key),
        isNull(idempotentRequests.responseStatus),
      ),
    );
}
