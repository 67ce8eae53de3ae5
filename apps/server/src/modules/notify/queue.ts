import { MESSAGE_NOTIFICATION_INTERVAL_MINUTES } from '@sweetwish/shared/conversation-rules';
import { RENEWAL_REMINDER_DAYS } from '@sweetwish/shared/subscriptions';
import type { Database } from '../../db/client';
import {
  insertGroupGiftNotification,
  insertMessageNotification,
  insertModerationNotification,
  insertReceiptNotification,
  insertSubscriptionNotification,
  insertWebhookDisabledNotification,
} from './repo';

/**
 * Queues "you have a message" for the recipient, in the transaction that adds the message. It waits
 * `delaySeconds` first: if the recipient has the conversation open, they read the message meanwhile and
 * its job skips it (only someone not viewing it is told). At most one per conversation per interval.
 * Gift notifications are queued by post_gifts() (its migration), in the gift's own statement. The
 * notifications table's trigger queues each one's job and wakes the job runners.
 */
export async function queueMessageNotification(
  db: Database,
  values: { userId: string; conversationId: string; delaySeconds: number },
): Promise<void> {
  await insertMessageNotification(db, { ...values, intervalMinutes: MESSAGE_NOTIFICATION_INTERVAL_MINUTES });
}

/** Queues "your webhook endpoint was disabled" for its owner, in the transaction that disables it. */
export async function queueWebhookDisabledNotification(
  db: Database,
  values: { userId: string; endpointId: string },
): Promise<void> {
  await insertWebhookDisabledNotification(db, values);
}

/** Queues "your group gift is funded" for its creator, once, in the transaction that grants it (decision 033). */
export async function queueGroupGiftNotification(
  db: Database,
  values: { userId: string; purchaseId: string },
): Promise<void> {
  await insertGroupGiftNotification(db, values);
}

/**
 * Queues a notice to a fan about their subscription (decision 034), in the transaction that changed it:
 * its renewal found the wallet short (`subscription_failed`), or it ended (`subscription_lapsed`).
 */
export async function queueSubscriptionNotice(
  db: Database,
  values: { userId: string; subscriptionId: string; kind: 'subscription_failed' | 'subscription_lapsed' },
): Promise<void> {
  await insertSubscriptionNotification(db, values);
}

/**
 * Queues the notice of a moderator's action to the user it touched (decision 135), in the action's
 * transaction: sent by their sign-in channel whatever their settings say, once per action.
 */
export async function queueModerationNotice(
  db: Database,
  values: { userId: string; moderationActionId: string },
): Promise<void> {
  await insertModerationNotification(db, values);
}

/** Queues the payer's receipt of a top-up or a group-gift contribution (decision 091), once per payment. */
export async function queueReceipt(
  db: Database,
  values: { userId: string } & (
    | { kind: 'top_up_receipt'; topUpId: string }
    | { kind: 'contribution_receipt'; contributionId: string }
  ),
): Promise<void> {
  await insertReceiptNotification(db, values);
}

/** Queues "your subscription renews in 3 days", due then (decision 091); one per renewal day. */
export async function queueRenewalReminder(
  db: Database,
  values: { userId: string; subscriptionId: string; renewsAt: Date },
): Promise<void> {
  const notBefore = new Date(values.renewsAt.getTime() - RENEWAL_REMINDER_DAYS * 24 * 60 * 60 * 1000);
  await insertReceiptNotification(db, {
    kind: 'renewal_reminder',
    userId: values.userId,
    subscriptionId: values.subscriptionId,
    notBefore,
  });
}
