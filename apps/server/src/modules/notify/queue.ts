import { MESSAGE_NOTIFICATION_INTERVAL_MINUTES } from '@sweetwish/shared/conversation-rules';
import type { Database } from '../../db/client';
import {
  insertGroupGiftNotification,
  insertMessageNotification,
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
