import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every SMS and e-mail the app would send while the local adapters are in use (design.md section 2). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);
