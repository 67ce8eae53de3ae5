import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A browser that receives a user's notifications as web push (decision 029): one row per device, found by
 * its push service address. The same address registered again (another user signed in on that browser)
 * moves to the new user with its new keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull().unique(),
    /** The device's P-256 public key and auth secret (base64url): the payload is encrypted to them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The VAPID key pair on PostgreSQL when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: one row, written
 * by the first instance to start, read by every other, so all instances sign with the key browsers
 * subscribed with. (The embedded PGlite set-up keeps it in DATA_DIR/vapid.json instead.)
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id} = 1`)],
);
