import { and, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { type NOTIFICATION_KINDS, type NotificationStatus, notifications } from './tables';

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

/** Queues the notice that a webhook endpoint was disabled after failing for 5 days (decision 032). */
export async function insertWebhookDisabledNotification(db: Database, values: { userId: string; endpointId: string }) {
  await db
    .insert(notifications)
    .values({ userId: values.userId, kind: 'webhook_disabled', webhookEndpointId: values.endpointId });
}

/**
 * Queues the one notice that a group gift was fully funded (decision 033), naming the purchase of the
 * contribution that completed it (its received detail shows the whole group gift).
 */
export async function insertGroupGiftNotification(db: Database, values: { userId: string; purchaseId: string }) {
  await db.insert(notifications).values({ userId: values.userId, kind: 'group_gift', purchaseId: values.purchaseId });
}

/** Queues a notice to a fan about their subscription's renewal (decision 034), in the caller's transaction. */
export async function insertSubscriptionNotification(
  db: Database,
  values: { userId: string; subscriptionId: string; kind: 'subscription_failed' | 'subscription_lapsed' },
) {
  await db.insert(notifications).values(values);
}

/** A moderation notice (decision 135): at most one per moderator's action (a unique index). */
export async function insertModerationNotification(
  db: Database,
  values: { userId: string; moderationActionId: string },
) {
  await db
    .insert(notifications)
    .values({ ...values, kind: 'moderation_notice' })
    .onConflictDoNothing();
}

/**
 * Queues a receipt or a renewal reminder (decision 091) in the transaction of the payment it tells of. Its
 * unique index makes a second one for the same payment (or renewal day) a no-op, whatever runs it again.
 */
export async function insertReceiptNotification(
  db: Database,
  values: { userId: string } & (
    | { kind: 'top_up_receipt'; topUpId: string }
    | { kind: 'contribution_receipt'; contributionId: string }
    | { kind: 'renewal_reminder'; subscriptionId: string; notBefore: Date }
  ),
) {
  await db.insert(notifications).values(values).onConflictDoNothing();
}

export type QueuedNotification = {
  id: number;
  userId: string;
  kind: (typeof NOTIFICATION_KINDS)[number];
  status: NotificationStatus;
  purchaseId: string | null;
  conversationId: string | null;
  webhookEndpointId: string | null;
  subscriptionId: string | null;
  moderationActionId: string | null;
  topUpId: string | null;
  contributionId: string | null;
  notBefore: Date;
};

/** The gifts a `gifts_summary` tells of (decision 038): how many, and their price in all. */
export type GiftsSummaryFacts = { count: number; totalCents: number };

/**
 * Fixes, once, which gifts a summary tells of: those numbered after its start up to the creator's latest,
 * read under the lock of the creator's purchase counter, which a gift being posted holds from its number to
 * its commit (purchases_number_per_seller). A gift being posted meanwhile is either committed and counted
 * here, or waits, then finds this summary closed and queues the next one (queue_gift_notice): never told
 * twice, never left out. A group gift's shares are numbered too, but told by its group_gift notice.
 */
export async function closeGiftsSummary(db: Database, id: number, userId: string): Promise<GiftsSummaryFacts> {
  return db.transaction(async (tx) => {
    const [counter] = await queryRows<{ lastSeq: string }>(
      tx,
      sql`select last_seq as "lastSeq" from purchase_counters where seller_id = ${userId} for update`,
    );
    await tx.execute(sql`
      update notifications set gift_seq_until = ${Number(counter?.lastSeq ?? 0)}
      where id = ${id} and gift_seq_until is null`);
    const [row] = await queryRows<GiftsSummaryFacts>(
      tx,
      sql`select count(p.id)::int as count, coalesce(sum(p.cost_cents), 0)::int as "totalCents"
        from notifications n join purchases p on p.seller_id = n.user_id
          and p.seller_seq > n.gift_seq_after and p.seller_seq <= n.gift_seq_until
        where n.id = ${id}
          -- A funded group gift's shares are told by its own group_gift notice, not counted again here.
          and not exists (select 1 from group_gift_contributions c where c.purchase_id = p.id)`,
    );
    return row ?? { count: 0, totalCents: 0 };
  });
}

export async function findNotification(db: Database, id: number): Promise<QueuedNotification | undefined> {
  const [row] = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      status: notifications.status,
      purchaseId: notifications.purchaseId,
      conversationId: notifications.conversationId,
      webhookEndpointId: notifications.webhookEndpointId,
      subscriptionId: notifications.subscriptionId,
      moderationActionId: notifications.moderationActionId,
      topUpId: notifications.topUpId,
      contributionId: notifications.contributionId,
      notBefore: notifications.notBefore,
    })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row;
}

/**
 * The one step before the provider is called: false when the row is no longer pending (a run of its job
 * that was taken over got there first), in which case it must not send.
 */
export async function markSending(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ status: 'sending', attempts: sql`${notifications.attempts} + 1` })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db
    .update(notifications)
    .set({ status: 'sent', sentAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

export async function markSkipped(db: Database, id: number, reason: string): Promise<void> {
  await db
    .update(notifications)
    .set({ status: 'skipped', lastError: reason })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')));
}

/** A provider's refusal: pending again for the job's next run, or failed for good on its last. */
export async function markAttemptFailed(db: Database, id: number, error: string, isFinal: boolean): Promise<void> {
  await db
    .update(notifications)
    .set({ status: isFinal ? 'failed' : 'pending', lastError: error.slice(0, 500) })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

/** Found in `sending` by a later run: its runner stopped while the provider had it. It is never sent again. */
export async function markUnknown(db: Database, id: number): Promise<void> {
  await db
    .update(notifications)
    .set({ status: 'unknown' })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}
