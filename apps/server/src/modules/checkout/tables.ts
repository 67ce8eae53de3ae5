import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** A card checkout for tokens, as started; the webhook completes it (design.md section 4). */
export const topUps = pgTable(
  'top_ups',
  {
    /** The card provider's checkout session id. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('top_ups_user_idx').on(t.userId, t.createdAt)],
);

/** Every webhook event handled, recorded in the transaction of its effect: a repeat has none. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
