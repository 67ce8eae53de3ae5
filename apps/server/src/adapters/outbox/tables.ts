import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every SMS and e-mail the app would send while the local adapters are in use (architecture.md section 2). */
export const outboxMessages = pgTable('outbox_messages', {
  /** Increases with every message, so "newest first" is exact even within one clock tick. */
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  to: text('to').notNull(),
  subject: text('subject'),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
