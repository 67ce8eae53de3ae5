import { WEBHOOK_TEST_EVENT_TYPE } from '@sweetwish/shared/webhooks';
import type { Database } from '../../db/client';
import { creatorEvents, webhookDeliveries } from './tables';

/**
 * Records a test event for one endpoint and its one delivery, as record_webhook_event() does for real events
 * (same body shape: type, timestamp, data), in the caller's transaction. Answers the delivery's id.
 */
export async function insertTestEvent(
  db: Database,
  values: { eventId: string; userId: string; endpointId: string; at: Date; data: Record<string, unknown> },
): Promise<number> {
  const body = JSON.stringify({ type: WEBHOOK_TEST_EVENT_TYPE, timestamp: values.at.toISOString(), data: values.data });
  await db
    .insert(creatorEvents)
    .values({ id: values.eventId, userId: values.userId, type: WEBHOOK_TEST_EVENT_TYPE, body, createdAt: values.at });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ eventId: values.eventId, endpointId: values.endpointId })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('test delivery not inserted');
  return delivery.id;
}
