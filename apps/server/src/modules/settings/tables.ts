import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** A user's choices on /settings; a user without a row has the defaults (everything on). */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  notifyGifts: boolean('notify_gifts').notNull().default(true),
  notifyMessages: boolean('notify_messages').notNull().default(true),
  fansCanMessage: boolean('fans_can_message').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
