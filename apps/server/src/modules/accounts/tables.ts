import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A person using Sweetwish: identity (shaped for better-auth's user model, which the accounts issue wires
 * to this table) and public profile (product.md section 3, User). A profile is complete once it has both a
 * handle and a display name. modules/profiles keeps the public profile through accounts/profile-rows.ts;
 * other modules read people through accounts/people.ts (decisions 024 and 071).
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
    /** Who invited this user: recorded once, when the profile is completed, and never changed. */
    affiliateId: text('affiliate_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * When the account was deleted: personal data is gone, the row stays for the records that refer to it
     * (purchases, the ledger, conversations), shown as "Anonymous".
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When a moderator suspended the account (decision 028): it cannot sign in, its public page reads "User
     * Not Found", it receives no gifts and its earnings stay where they are.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    // Handles are unique without regard to case (architecture.md section 8).
    uniqueIndex('users_handle_key').on(sql`lower(${t.handle})`),
    // The moderators' list of suspended accounts, newest first: a few rows among all users.
    index('users_suspended_idx').on(t.suspendedAt, t.id).where(sql`${t.suspendedAt} IS NOT NULL`),
    // An affiliate's page: whom they invited, newest first (and scrubUser's detaching of a deleted affiliate's).
    index('users_affiliate_idx').on(t.affiliateId, t.createdAt, t.id).where(sql`${t.affiliateId} IS NOT NULL`),
  ],
);

// better-auth's own tables (its core schema), on our database through its drizzle adapter.

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** A way to sign in: a social provider's account, or the preview account's password. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_key').on(t.providerId, t.accountId),
  ],
);

/** Sign-in codes and links while they are valid: each is consumed once. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Handles a user held before: /{old} can redirect to the current handle, and a released handle stays
 * reserved to its last owner for 30 days (architecture.md section 8).
 */
export const handleHistory = pgTable(
  'handle_history',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('handle_history_handle_idx').on(sql`lower(${t.handle})`)],
);
