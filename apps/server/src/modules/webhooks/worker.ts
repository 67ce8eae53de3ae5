import type { z } from 'zod';
import type { WebhookResponse, WebhookSender } from '../../adapters/webhooks/webhook-sender';
import type { Database } from '../../db/client';
import type { JobType } from '../../jobs/job-type';
import type { Logger } from '../../logger';
import { queueWebhookDisabledNotification } from '../notify/queue';
import {
  type DeliveryToSend,
  disableFailingEndpoint,
  findDeliveryToSend,
  insertAttempt,
  markEndpointFailing,
  markEndpointHealthy,
  pruneLog,
  setDelivery,
} from './repo';
import {
  retryDelaySeconds,
  WEBHOOK_DISABLE_AFTER_SECONDS,
  WEBHOOK_LOG_BODY_CHARS,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_LOG_MAX_ROWS,
  WEBHOOK_PAUSE_AFTER_FAILURES,
  WEBHOOK_PAUSE_AFTER_SECONDS,
} from './retry-schedule';
import { signedHeaders } from './signing';
import { webhookDeliveryJobKind } from './worker-kind';

export type WebhookDeliveryJobOptions = {
  db: Database;
  sender: WebhookSender;
  logger: Logger;
  /** Tests: the clock the runner uses too. By default the wall clock. */
  now?: () => Date;
  /** Tests: runs between sending and recording, to stand for a runner dying there. */
  afterSend?: () => Promise<void> | void;
};

/** The secrets a delivery at `at` is signed with: the current one, and the previous one for 24 h after a roll. */
export function signingSecrets(
  delivery: Pick<DeliveryToSend, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  at: Date,
) {
  const isPreviousValid =
    delivery.previousSecret !== null && (delivery.previousSecretExpiresAt?.getTime() ?? 0) > at.getTime();
  return isPreviousValid && delivery.previousSecret ? [delivery.secret, delivery.previousSecret] : [delivery.secret];
}

/**
 * Delivers one event to one endpoint (decision 032), on the job runner. The body is the event's stored
 * JSON and `webhook-id` its id, so a retry, a resend, or a second run after a runner died between sending
 * and recording all send the same message, which receivers de-duplicate by id. A failure is retried on
 * the schedule (retry-schedule.ts) by returning the time of the next try; an endpoint that keeps failing
 * (20 attempts in a row over an hour, or every attempt for 5 days) is paused and its owner notified, in
 * the transaction that records it.
 */
export function webhookDeliveryJob(
  options: WebhookDeliveryJobOptions,
): JobType<z.infer<typeof webhookDeliveryJobKind.payload>> {
  const { db, sender, logger } = options;
  const now = () => options.now?.() ?? new Date();

  async function record(delivery: DeliveryToSend, response: WebhookResponse, at: Date, isResend: boolean) {
    const isSuccess = response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
    return db.transaction(async (tx) => {
      await insertAttempt(tx, {
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        at,
        statusCode: response.statusCode,
        error: response.error?.slice(0, 300) ?? null,
        isSuccess,
        durationMs: response.durationMs,
        responseBody: response.body.slice(0, WEBHOOK_LOG_BODY_CHARS),
        isResend,
      });
      await pruneLog(tx, delivery.endpointId, at, WEBHOOK_LOG_DAYS, WEBHOOK_LOG_MAX_ROWS);
      if (isSuccess) {
        await setDelivery(tx, delivery.id, { status: 'succeeded', attempts: delivery.attempts + (isResend ? 0 : 1) });
        await markEndpointHealthy(tx, delivery.endpointId);
        return undefined;
      }
      if (isResend) return undefined;
      const attempts = delivery.attempts + 1;
      const failing = await markEndpointFailing(tx, delivery.endpointId, at);
      const failingMs = at.getTime() - (failing?.failingSince ?? at).getTime();
      const keepsFailing =
        (failing?.consecutiveFailures ?? 0) >= WEBHOOK_PAUSE_AFTER_FAILURES &&
        failingMs >= WEBHOOK_PAUSE_AFTER_SECONDS * 1000;
      if (keepsFailing || failingMs >= WEBHOOK_DISABLE_AFTER_SECONDS * 1000) {
        await setDelivery(tx, delivery.id, { status: 'failed', attempts });
        if (await disableFailingEndpoint(tx, delivery.endpointId)) {
          await queueWebhookDisabledNotification(tx, { userId: delivery.userId, endpointId: delivery.endpointId });
          logger.warn(
            { endpointId: delivery.endpointId, consecutiveFailures: failing?.consecutiveFailures, failingMs },
            'a webhook endpoint keeps failing: paused',
          );
        }
        return undefined;
      }
      const delay = retryDelaySeconds(attempts);
      await setDelivery(tx, delivery.id, { status: delay === undefined ? 'failed' : 'pending', attempts });
      return delay === undefined ? undefined : { retryAt: new Date(at.getTime() + delay * 1000) };
    });
  }

  return {
    kind: webhookDeliveryJobKind,
    // Far longer than one delivery's deadlines (decision 055).
    leaseSeconds: 120,
    // Failures of the delivery itself are retried on its own schedule (the handler returns when); this
    // rule only covers the database failing under the handler. Each run counts, so it must be well above
    // the schedule's 13 attempts.
    retry: { maxAttempts: 30, firstSeconds: 5, factor: 4, maxSeconds: 3600 },
    async handle({ deliveryId, isResend = false }) {
      const delivery = await findDeliveryToSend(db, deliveryId);
      if (!delivery) return undefined;
      if (!isResend && delivery.status !== 'pending') return undefined;
      if (delivery.disabledReason !== null) {
        if (!isResend) await setDelivery(db, delivery.id, { status: 'abandoned' });
        return undefined;
      }
      const at = now();
      const response = await sender.send({
        url: delivery.url,
        headers: signedHeaders({
          secrets: signingSecrets(delivery, at),
          id: delivery.eventId,
          at,
          body: delivery.body,
        }),
        body: delivery.body,
      });
      if (response.detail) {
        logger.info({ endpointId: delivery.endpointId, detail: response.detail }, 'a webhook delivery was refused');
      }
      await options.afterSend?.();
      return record(delivery, response, at, isResend);
    },
  };
}
