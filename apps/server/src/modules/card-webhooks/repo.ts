import type { Database } from '../../db/client';
import { webhookEvents } from './tables';

/**
 * Records a webhook event as handled; false when it was already (a repeated delivery). Call it in the
 * transaction of the event's effect, so the record and the effect commit together or not at all.
 */
export async function recordWebhookEvent(db: Database, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db.insert(webhookEvents).values(event).onConflictDoNothing().returning({ id: webhookEvents.id });
  return rows.length > 0;
}
