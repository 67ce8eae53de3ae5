import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * Every file an upload stored (public images and the private images of messages), so each user's storage is
 * counted against the quota and a file nothing refers to is found and removed (upload-sweeper.ts). A row is
 * written before its file, so no stored file goes uncounted.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The storage key, e.g. images/users/{uid}/{random}.jpg or private/conversations/{id}/{random}.jpg. */
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the sweep next asks whether anything refers to the file: a grace period after upload, then daily. */
    checkAfter: timestamp('check_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_check_after_idx').on(t.checkAfter)],
);
