import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A creator's choices about fans' messages (decision 100): what is held for review, how the overlay reads
 * them aloud, the control page's secret address, and the supporters wall. A creator without a row has the
 * defaults (the default blocked words, nothing else held, speech off, wall off); the row is made on first
 * change or first reading of the control address.
 */
export const giftMessageSettings = pgTable(
  'gift_message_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Lower-case words; a message that contains one as a word is held. Null: the default list. */
    blockedWords: text('blocked_words').array(),
    holdEveryMessage: boolean('hold_every_message').notNull().default(false),
    isSpeechOn: boolean('is_speech_on').notNull().default(false),
    /** A browser voice's name; null: the browser's default voice (or the bundled engine's). */
    speechVoice: text('speech_voice'),
    speechVolume: integer('speech_volume').notNull().default(80),
    speechMinTokens: integer('speech_min_tokens').notNull().default(0),
    speechMaxSeconds: integer('speech_max_seconds').notNull().default(15),
    /** Alerts wait while paused; the control page pauses and resumes them. */
    isPaused: boolean('is_paused').notNull().default(false),
    isWallOn: boolean('is_wall_on').notNull().default(false),
    /** 32 random bytes, base64url: the control page's address (an OBS custom dock). Never logged. */
    controlSecret: text('control_secret').notNull().unique(),
    /** The last gift number an overlay of this creator began to show: where a restarted overlay resumes. */
    shownSeq: bigint('shown_seq', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_message_speech_volume', sql`${t.speechVolume} between 0 and 100`),
    check('gift_message_speech_min_tokens', sql`${t.speechMinTokens} >= 0`),
    check('gift_message_speech_max_seconds', sql`${t.speechMaxSeconds} between 1 and 60`),
  ],
);
