import { randomUUID } from 'node:crypto';
import type { Messaging } from '../../adapters/messaging';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { createDueLoop, msFromSeconds } from '../../jobs/due-loop';
import type { Logger } from '../../logger';
import { getNotificationAddress } from '../accounts/service';
import { describeConversationFor } from '../chat/service';
import { getPurchaseParties } from '../gifts/service';
import { getPublicPerson } from '../profiles/people';
import { getSettingsOf } from '../settings/service';
import {
  type ClaimedNotification,
  claimDue,
  markAttemptFailed,
  markSending,
  markSent,
  markSkipped,
  recoverAbandoned,
  releaseClaims,
  secondsUntilNextDue,
} from './repo';
import { giftReversedText, giftText, messageText, type NotificationText, settingsFooter } from './texts';

export type NotificationWorkerOptions = {
  db: Database;
  messaging: Pick<Messaging, 'sms' | 'email'>;
  changes: ChangeFeed;
  logger: Logger;
  publicOrigin: string;
  /** How many rows one claim takes. */
  batchSize?: number;
  /** How long a claim holds before another worker may recover the row. */
  leaseMs?: number;
  /**
   * The longest the worker sleeps without looking. Queueing wakes it and it knows when retries and claims
   * to recover come due, so this is only a safety net.
   */
  idleCheckMs?: number;
};

/** Waits between tries after a provider refused: then the notification is given up. */
const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600];

type Plan = { skip: string } | { channel: 'sms' | 'email'; to: string; message: NotificationText };

/**
 * Sends the queued notifications (design.md sections 5 and 10). Every instance runs one; they share the
 * queue through row claims (FOR UPDATE SKIP LOCKED), wake when a change says rows were queued, and
 * otherwise sleep until the next row or abandoned claim comes due (jobs/due-loop.ts).
 *
 * A row is sent at most once: it is marked `sending` (committed) right before the provider is called and
 * `sent` right after. A worker that stops between batches or mid-batch gives its other claims back; one that
 * dies leaves them to be recovered when their lease ends, except the one row it had handed to the provider,
 * which becomes `unknown` rather than risk a second copy.
 */
export function createNotificationWorker(options: NotificationWorkerOptions) {
  const { db, messaging, changes, logger, publicOrigin } = options;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const workerId = randomUUID();

  async function plan(row: ClaimedNotification): Promise<Plan> {
    const address = await getNotificationAddress(db, row.userId);
    if (!address) return { skip: 'no address (deleted account?)' };
    const settings = (await getSettingsOf(db, [row.userId])).get(row.userId);
    const footer = address.channel === 'email' ? settingsFooter(publicOrigin) : '';
    if ((row.kind === 'gift' || row.kind === 'gift_reversed') && row.purchaseId) {
      if (!settings?.notifyGifts) return { skip: 'gift notifications are off' };
      const purchase = await getPurchaseParties(db, row.purchaseId);
      if (!purchase) return { skip: 'no such purchase' };
      const buyer = purchase.isAnonymous ? undefined : await getPublicPerson(db, purchase.buyerId);
      const message = (row.kind === 'gift' ? giftText : giftReversedText)(
        {
          purchaseId: purchase.id,
          type: purchase.type,
          costCents: purchase.costCents,
          productName: purchase.productName,
          buyerName: buyer?.displayName ?? null,
        },
        publicOrigin,
      );
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    if (row.kind === 'message' && row.conversationId) {
      if (!settings?.notifyMessages) return { skip: 'message notifications are off' };
      const conversation = await describeConversationFor(db, row.conversationId, row.userId);
      if (!conversation) return { skip: 'no such conversation' };
      // Read meanwhile: they had it open, or came back to it.
      if (!conversation.isUnread) return { skip: 'read already' };
      const message = messageText(
        { conversationId: row.conversationId, senderName: conversation.participantName },
        publicOrigin,
      );
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    return { skip: 'unknown kind' };
  }

  async function deliver(row: ClaimedNotification) {
    const next = await plan(row);
    if ('skip' in next) {
      await markSkipped(db, row.id, next.skip);
      return;
    }
    if (!(await markSending(db, row.id, workerId))) return;
    try {
      if (next.channel === 'sms') await messaging.sms.send(next.to, next.message.text);
      else await messaging.email.send({ to: next.to, subject: next.message.subject, text: next.message.text });
      await markSent(db, row.id);
    } catch (err) {
      const retryIn = RETRY_DELAYS_SECONDS[row.attempts];
      logger.warn({ err, notificationId: row.id, retryInSeconds: retryIn }, 'a notification could not be sent');
      await markAttemptFailed(db, row.id, err instanceof Error ? err.message : String(err), retryIn);
    }
  }

  /** Recovers abandoned claims and sends one batch; true when there was anything to do. */
  async function runBatch(isStopping: () => boolean): Promise<boolean> {
    const recovered = await recoverAbandoned(db);
    if (recovered.unknown.length > 0) {
      logger.warn(
        { notificationIds: recovered.unknown },
        'notifications were with the provider when their worker stopped: not sent again',
      );
    }
    const batch = await claimDue(db, workerId, batchSize, leaseMs);
    let done = 0;
    try {
      for (const row of batch) {
        if (isStopping()) break;
        await deliver(row);
        done++;
      }
    } finally {
      await releaseClaims(
        db,
        batch.slice(done).map((r) => r.id),
        workerId,
      );
    }
    return batch.length > 0 || recovered.requeued > 0 || recovered.unknown.length > 0;
  }

  const loop = createDueLoop({
    name: 'notification worker',
    logger,
    changes,
    wakeOn: (change) => change.topic === 'notifications' || change.topic === 'resync',
    runDue: runBatch,
    msUntilNextDue: async () => msFromSeconds(await secondsUntilNextDue(db)),
    idleCheckMs: options.idleCheckMs ?? 5 * 60_000,
    retryMs: 5_000,
  });

  return {
    start: loop.start,
    /** Finishes the notification being sent, gives the rest of the batch back, and stops. */
    stop: loop.stop,
  };
}

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
