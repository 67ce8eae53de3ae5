import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { wishes } from '../wishes/tables';

/**
 * A creator's stream overlay (decision 031): its secret address and what it shows. A creator without a
 * row has never opened the overlay settings; the row is made, with a new secret, on first reading.
 */
export const overlaySettings = pgTable(
  'overlay_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    /** 32 random bytes, base64url: the overlay's address. Replaced on "Regenerate"; never logged. */
    secret: text('secret').notNull().unique(),
    showAlerts: boolean('show_alerts').notNull().default(true),
    showGoal: boolean('show_goal').notNull().default(true),
    showLeaderboard: boolean('show_leaderboard').notNull().default(true),
    minTokens: integer('min_tokens').notNull().default(0),
    isSoundOn: boolean('is_sound_on').notNull().default(true),
    leaderboardPeriod: text('leaderboard_period', { enum: ['today', 'goal'] })
      .notNull()
      .default('today'),
    /** The goal's wish (its price when started is the target), or null for a token target. */
    goalWishId: text('goal_wish_id').references(() => wishes.id),
    goalTargetCents: bigint('goal_target_cents', { mode: 'number' }),
    /** A token target's title ("New microphone"), shown on the goal bar; null for a wish or an untitled target. */
    goalTitle: text('goal_title'),
    goalStartedAt: timestamp('goal_started_at', { withTimezone: true }),
    /** Set once, by recordGoalReached() (goal.ts), when gifts since the start first reach the target. */
    goalReachedAt: timestamp('goal_reached_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('overlay_goal_whole', sql`(${t.goalTargetCents} is null) = (${t.goalStartedAt} is null)`),
    check('overlay_goal_target_positive', sql`${t.goalTargetCents} is null or ${t.goalTargetCents} > 0`),
    check('overlay_min_tokens', sql`${t.minTokens} >= 0`),
    check('overlay_goal_title_length', sql`char_length(${t.goalTitle}) between 1 and 60`),
  ],
);
