import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every webhook event handled, recorded in the transaction of its effect: a repeat has none. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
