import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-type';

/**
 * One delivery of an event to an endpoint. Queued by record_webhook_event() (its SQL names this type) and,
 * for a resend, by the service.
 */
export const webhookDeliveryJobKind = defineJobKind(
  'webhook-delivery',
  z.object({ deliveryId: z.number().int(), isResend: z.boolean().optional() }),
);
