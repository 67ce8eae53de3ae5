import type { ReportSnapshot } from '@sweetwish/shared/safety';
import { AUDIT_ACTIONS, REPORT_KINDS, REPORT_REASONS } from '@sweetwish/shared/safety-rules';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A user blocking another (issue 21, item 3; decision 028). While it stands neither can message the other
 * nor open a conversation; with `refusesGifts` the blocker also refuses the blocked user's gifts and tips.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id),
    refusesGifts: boolean('refuses_gifts').notNull().default(false),
    /** Blocked from a conversation with an anonymous buyer: the blocker's list shows "Anonymous". */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // The settings list, newest first; and "who blocked me" for the symmetric checks.
    index('blocks_blocker_idx').on(t.blockerId, t.createdAt),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * A report of a profile, wish or message (issue 21, item 4), with the content as it was when reported
 * (`snapshot`). At most one open report per reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** The profile's user id, the wish's id or the message's id. */
    targetId: text('target_id').notNull(),
    /** Whose content it is: the profile's user, the wish's seller or the message's sender. */
    targetUserId: text('target_user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    snapshot: jsonb('snapshot').$type<ReportSnapshot>().notNull(),
    /** Open until a moderator acts on it (or on another report of the same target). */
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_reporter_key')
      .on(t.reporterId, t.kind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.kind, t.targetId),
  ],
);

/**
 * The moderators' audit log: who did what to which content, when and why. Rows are never updated or
 * deleted (a trigger refuses it, as on the ledger's tables).
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: text('id').primaryKey(),
    moderatorId: text('moderator_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    targetId: text('target_id').notNull(),
    reportId: text('report_id').references(() => reports.id),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt, t.id)],
);

/**
 * The sessions a suspension ended, by a hash of each one's token (never the token): a browser that still
 * holds such a cookie is shown why its account is suspended instead of being sent to sign in. Deleted when
 * the suspension is lifted; read only until the session would have expired.
 */
export const suspensionNotices = pgTable(
  'suspension_notices',
  {
    sessionKey: text('session_key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    moderationActionId: text('moderation_action_id')
      .notNull()
      .references(() => moderationActions.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('suspension_notices_user_idx').on(t.userId)],
);
