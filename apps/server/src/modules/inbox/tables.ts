import type { InboxEventKind } from '@sweetwish/shared/inbox';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * The inbox (decision 130): one row per thing that happened to a user, written in the job or transaction
 * that decided it. `event_key` names its cause (`notification:42`, `payout:w1`, `moderation:a7`): the one
 * unique index on (user, key) makes a retried job's second write a no-op. The text is written as the notice
 * said it, so the list reads one table.
 */
export const inboxEvents = pgTable(
  'inbox_events',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    eventKey: text('event_key').notNull(),
    kind: text('kind').$type<InboxEventKind>().notNull(),
    text: text('text').notNull(),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user saw it in the list; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_events_key_idx').on(t.userId, t.eventKey),
    // The list, newest first, a page at a time (keyset on created_at, id).
    index('inbox_events_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count reads only the unread rows.
    index('inbox_events_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
