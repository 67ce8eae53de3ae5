import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { notifications } from './tables';

/**
 * Queues a message notification for the recipient unless one for this conversation was queued (and not
 * skipped) within the interval. The sender's transaction holds the conversation's lock, so two messages
 * sent at once cannot both pass the check.
 */
export async function insertMessageNotification(
  db: Database,
  values: { userId: string; conversationId: string; delaySeconds: number; intervalMinutes: number },
): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, kind, conversation_id, not_before)
    select ${values.userId}, 'message', ${values.conversationId}, now() + make_interval(secs => ${values.delaySeconds})
    where not exists (
      select 1 from notifications
      where user_id = ${values.userId} and conversation_id = ${values.conversationId} and kind = 'message'
        and status <> 'skipped' and created_at > now() - make_interval(mins => ${values.intervalMinutes}))`);
}

/** Queues the notice that a gift or tip was taken back (a refund or dispute of the fan's payment). */
export async function insertGiftReversedNotification(db: Database, values: { userId: string; purchaseId: string }) {
  await db
    .insert(notifications)
    .values({ userId: values.userId, kind: 'gift_reversed', purchaseId: values.purchaseId });
}

export type ClaimedNotification = {
  id: number;
  userId: string;
  kind: 'gift' | 'message' | 'gift_reversed';
  purchaseId: string | null;
  conversationId: string | null;
  attempts: number;
};

/** Takes up to `limit` due notifications for this worker until `leaseMs` from now; other workers skip them. */
export async function claimDue(
  db: Database,
  workerId: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedNotification[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    kind: 'gift' | 'message' | 'gift_reversed';
    purchase_id: string | null;
    conversation_id: string | null;
    attempts: number;
  }>(
    db,
    sql`update notifications set status = 'claimed', claimed_by = ${workerId},
        claimed_until = now() + make_interval(secs => ${leaseMs / 1000})
      where id in (
        select id from notifications where status = 'pending' and not_before <= now()
        order by not_before, id limit ${limit} for update skip locked)
      returning id, user_id, kind, purchase_id, conversation_id, attempts`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      userId: r.user_id,
      kind: r.kind,
      purchaseId: r.purchase_id,
      conversationId: r.conversation_id,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * The one step before the provider is called: false when this worker no longer holds the claim (its lease
 * ran out and another worker took the row), in which case it must not send.
 */
export async function markSending(db: Database, id: number, workerId: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ status: 'sending', attempts: sql`${notifications.attempts} + 1` })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'claimed'), eq(notifications.claimedBy, workerId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db
    .update(notifications)
    .set({ status: 'sent', sentAt: sql`now()`, claimedBy: null, claimedUntil: null })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

export async function markSkipped(db: Database, id: number, reason: string): Promise<void> {
  await db
    .update(notifications)
    .set({ status: 'skipped', lastError: reason, claimedBy: null, claimedUntil: null })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'claimed')));
}

/** A provider's refusal: tried again after `retryInSeconds`, or failed for good when that is undefined. */
export async function markAttemptFailed(
  db: Database,
  id: number,
  error: string,
  retryInSeconds: number | undefined,
): Promise<void> {
  await db
    .update(notifications)
    .set({
      status: retryInSeconds === undefined ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      notBefore: retryInSeconds === undefined ? undefined : sql`now() + make_interval(secs => ${retryInSeconds})`,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

/** Gives claimed rows this worker did not get to back to the queue (a worker stopping mid-batch). */
export async function releaseClaims(db: Database, ids: number[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ status: 'pending', claimedBy: null, claimedUntil: null })
    .where(
      and(inArray(notifications.id, ids), eq(notifications.status, 'claimed'), eq(notifications.claimedBy, workerId)),
    );
}

/**
 * Rows whose worker went away: a claimed row goes back to the queue (nothing was sent); a row left in
 * `sending` may or may not have reached the provider, so it becomes `unknown` and is never sent again.
 */
export async function recoverAbandoned(db: Database): Promise<{ requeued: number; unknown: number[] }> {
  const requeued = await db
    .update(notifications)
    .set({ status: 'pending', claimedBy: null, claimedUntil: null })
    .where(and(eq(notifications.status, 'claimed'), sql`${notifications.claimedUntil} < now()`))
    .returning({ id: notifications.id });
  const unknown = await db
    .update(notifications)
    .set({ status: 'unknown', claimedBy: null, claimedUntil: null })
    .where(and(eq(notifications.status, 'sending'), sql`${notifications.claimedUntil} < now()`))
    .returning({ id: notifications.id });
  return { requeued: requeued.length, unknown: unknown.map((r) => r.id) };
}

/**
 * Seconds until the worker has something to do: the next pending notification comes due, or a claim ends
 * whose worker may have gone (recoverAbandoned then takes the row back). Negative when overdue; null when
 * nothing waits, so an idle worker sleeps (a `greatest(0, null)` here once answered 0 and kept it spinning).
 */
export async function secondsUntilNextDue(db: Database): Promise<string | null> {
  const [row] = await queryRows<{ seconds: string | null }>(
    db,
    sql`select extract(epoch from least(
          (select min(not_before) from notifications where status = 'pending'),
          (select min(claimed_until) from notifications where status in ('claimed', 'sending'))
        ) - now()) as seconds`,
  );
  return row?.seconds ?? null;
}
