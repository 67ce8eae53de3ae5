import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A person using Sweetwish: identity (shaped for better-auth's user model, which the accounts issue wires
 * to this table) and public profile (spec section 3, User). A profile is complete once it has both a
 * handle and a display name.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phoneNumber: text('phone_number'),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    handle: text('handle'),
    displayName: text('display_name'),
    description: text('description'),
    photoUrl: text('photo_url'),
    photoHash: text('photo_hash'),
    bannerUrl: text('banner_url'),
    bannerHash: text('banner_hash'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    // Handles are unique without regard to case (design.md section 8).
    uniqueIndex('users_handle_key').on(sql`lower(${t.handle})`),
  ],
);
