import { z } from 'zod';
import type { Messaging } from '../adapters/messaging';
import type { Database } from '../db/client';
import { defineJobKind, type JobType } from '../jobs/job-type';
import type { Logger } from '../logger';
import { getPublicPerson } from '../modules/accounts/people';
import { getNotificationAddress } from '../modules/accounts/service';
import { describeConversationFor } from '../modules/conversations/service';
import { getPurchaseParties } from '../modules/gifts/service';
import {
  closeGiftsSummary,
  findNotification,
  markAttemptFailed,
  markSending,
  markSent,
  markSkipped,
  markUnknown,
  type QueuedNotification,
} from '../modules/notify/service';
import {
  giftReversedText,
  giftsSummaryText,
  giftText,
  groupGiftText,
  messageText,
  type NotificationText,
  settingsFooter,
  subscriptionText,
  webhookDisabledText,
} from '../modules/notify/texts';
import type { PushDelivery } from '../modules/push/service';
import { describeModerationNotice } from '../modules/safety/notices';
import { getSettingsOf } from '../modules/settings/service';
import { describeSubscriptionNotice } from '../modules/subscriptions/service';
import { getEndpointUrl } from '../modules/webhooks/service';
import { recordNotificationInInbox } from './notification-inbox';
import { isReceiptKind, planReceipt } from './receipt-notices';

/**
 * Sends one notification. Its job is queued by the notifications table's trigger (migration `jobs_queue`)
 * in the statement that writes the row, so the name here and there must match.
 */
export const notificationJobKind = defineJobKind('notification', z.object({ notificationId: z.number().int() }));

export type NotificationJobOptions = {
  db: Database;
  messaging: Pick<Messaging, 'sms' | 'email'>;
  /** Web push to the user's devices, beside the SMS or e-mail (decision 029); none: not sent. */
  push?: PushDelivery;
  logger: Logger;
  publicOrigin: string;
};

/**
 * What to do with a notification. A skip still carries the message when there is one to tell: it goes to
 * the inbox (`isRead` when the user saw it already), though not by SMS or e-mail.
 */
type Plan =
  | { skip: string; message?: NotificationText; isRead?: boolean }
  | { channel: 'sms' | 'email'; to: string; message: NotificationText };

/**
 * The job that sends a notification (architecture.md sections 5 and 10), run by the job runner (decision 023).
 *
 * A row is sent at most once: it is marked `sending` (committed) right before the provider is called and
 * `sent` right after. A run that finds it `sending` belongs to a runner that stopped while the provider had
 * it: the row becomes `unknown` rather than risk a second copy. A refusal leaves it `pending` and the
 * runner tries again after its back-off (30 s, 2 min, 8 min, 32 min), then gives up (`failed`).
 */
export function notificationJob(options: NotificationJobOptions): JobType<z.infer<typeof notificationJobKind.payload>> {
  const { db, messaging, push, logger, publicOrigin } = options;

  async function plan(row: QueuedNotification): Promise<Plan> {
    const address = await getNotificationAddress(db, row.userId);
    if (!address) return { skip: 'no address (deleted account?)' };
    const settings = (await getSettingsOf(db, [row.userId])).get(row.userId);
    const footer = address.channel === 'email' ? settingsFooter(publicOrigin) : '';
    if ((row.kind === 'gift' || row.kind === 'gift_reversed') && row.purchaseId) {
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
          isRenewal: purchase.isRenewal,
        },
        publicOrigin,
      );
      if (!settings?.notifyGifts) return { skip: 'gift notifications are off', message };
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    if (row.kind === 'gifts_summary') {
      // Closed first, whatever is sent: a later gift then starts the next summary rather than join this one.
      const gifts = await closeGiftsSummary(db, row.id, row.userId);
      if (gifts.count === 0) return { skip: 'no gift to tell of' };
      const message = giftsSummaryText(gifts, publicOrigin);
      if (!settings?.notifyGifts) return { skip: 'gift notifications are off', message };
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    if (row.kind === 'group_gift' && row.purchaseId) {
      const purchase = await getPurchaseParties(db, row.purchaseId);
      if (!purchase) return { skip: 'no such purchase' };
      const message = groupGiftText({ purchaseId: purchase.id, productName: purchase.productName }, publicOrigin);
      if (!settings?.notifyGifts) return { skip: 'gift notifications are off', message };
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    if (row.kind === 'message' && row.conversationId) {
      const conversation = await describeConversationFor(db, row.conversationId, row.userId);
      if (!conversation) return { skip: 'no such conversation' };
      const message = messageText(
        { conversationId: row.conversationId, senderName: conversation.participantName },
        publicOrigin,
      );
      // Read meanwhile: they had it open, or came back to it.
      if (!conversation.isUnread) return { skip: 'read already', message, isRead: true };
      if (!settings?.notifyMessages) return { skip: 'message notifications are off', message };
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    if (row.kind === 'webhook_disabled') {
      // Always told (it is not one of the notifications settings turn off): deliveries stopped.
      const url = row.webhookEndpointId ? await getEndpointUrl(db, row.webhookEndpointId) : undefined;
      if (!url) return { skip: 'the endpoint was deleted' };
      return { ...address, message: webhookDisabledText({ url }, publicOrigin) };
    }
    if (isReceiptKind(row.kind)) {
      // About the user's own payments: sent whatever the gift and message settings say, with no line about
      // turning them off (decision 091).
      const receipt = await planReceipt(db, row, publicOrigin);
      return 'skip' in receipt ? receipt : { ...address, message: receipt.message };
    }
    if ((row.kind === 'subscription_failed' || row.kind === 'subscription_lapsed') && row.subscriptionId) {
      // About the fan's own money: sent whatever the gift and message settings say.
      const facts = await describeSubscriptionNotice(db, row.subscriptionId);
      if (!facts) return { skip: 'no such subscription' };
      const message = subscriptionText(row.kind, facts, publicOrigin);
      return { ...address, message: { ...message, text: message.text + footer } };
    }
    if (row.kind === 'moderation_notice' && row.moderationActionId) {
      // About the user's own content or account: sent whatever the settings say (decision 135).
      const message = await describeModerationNotice(db, row.moderationActionId, publicOrigin);
      return message ? { ...address, message } : { skip: 'nothing to tell' };
    }
    return { skip: 'unknown kind' };
  }

  return {
    kind: notificationJobKind,
    leaseSeconds: 5 * 60,
    retry: { maxAttempts: 5, firstSeconds: 30, factor: 4, maxSeconds: 3600 },
    async handle({ notificationId }, { attempt, isLastAttempt }) {
      const row = await findNotification(db, notificationId);
      if (row?.status === 'sending') {
        logger.warn({ notificationId }, 'a notification was with the provider when its runner stopped: not sent again');
        await markUnknown(db, notificationId);
        return;
      }
      if (row?.status !== 'pending') return;
      const next = await plan(row);
      if (next.message) {
        await recordNotificationInInbox(db, row, next.message, { isRead: 'skip' in next && next.isRead === true });
      }
      if ('skip' in next) {
        await markSkipped(db, row.id, next.skip);
        return;
      }
      // Push goes with the first run only, whatever becomes of the SMS or e-mail: a run after a provider's
      // refusal (or after a runner stopped) must not notify the devices a second time (decision 029).
      if (push && attempt === 1) {
        await push(row.userId, {
          title: next.message.subject,
          body: next.message.summary,
          url: next.message.path,
          tag: `notification-${row.id}`,
        });
      }
      if (!(await markSending(db, row.id))) return;
      try {
        if (next.channel === 'sms') await messaging.sms.send(next.to, next.message.text);
        else await messaging.email.send({ to: next.to, subject: next.message.subject, text: next.message.text });
      } catch (err) {
        await markAttemptFailed(db, row.id, err instanceof Error ? err.message : String(err), isLastAttempt);
        throw err;
      }
      await markSent(db, row.id);
      return;
    },
  };
}
