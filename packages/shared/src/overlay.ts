import { z } from 'zod';
import { CONTROL_CHARACTER } from './control-character';

/**
 * The stream overlay (issue 19, decision 031): a page a creator adds to OBS or Streamlabs as a browser
 * source at a secret address, showing gift and tip alerts, a goal bar and a leaderboard of top gifters.
 */

/** Whole tokens, as the tip dialog takes them. */
export const OVERLAY_MAX_TOKENS = 999_999;
/** How many gifters the leaderboard shows. */
export const LEADERBOARD_SIZE = 5;
/** Shown for an anonymous gift and for a fan without a public profile (architecture.md section 11). */
export const ANONYMOUS_NAME = 'Anonymous';

export const LEADERBOARD_PERIODS = ['today', 'goal'] as const;

export const OverlayGoal = z.object({
  /** The wish the goal is for; null for a token target. */
  wishId: z.string().nullable(),
  /** The wish's name, or the token target's title; null for a token target without one. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  /** The wish's price when the goal started, or the token target, in cents. */
  targetCents: z.number().int(),
  startedAt: z.string(),
  /** When gifts since the start first reached the target; null until then. */
  reachedAt: z.string().nullable(),
});
export type OverlayGoal = z.infer<typeof OverlayGoal>;

/** What the creator chose; only its owner reads it (GET /api/overlay/settings). */
export const OverlaySettings = z.object({
  /** The secret part of the overlay's address /overlay/{secret}: anyone holding it sees the overlay. */
  secret: z.string(),
  showAlerts: z.boolean(),
  showGoal: z.boolean(),
  showLeaderboard: z.boolean(),
  /** Gifts and tips below this many tokens show no alert (they still count for the goal and leaderboard). */
  minTokens: z.number().int(),
  isSoundOn: z.boolean(),
  leaderboardPeriod: z.enum(LEADERBOARD_PERIODS),
  goal: OverlayGoal.nullable(),
});
export type OverlaySettings = z.infer<typeof OverlaySettings>;

export const UpdateOverlaySettingsInput = z
  .object({
    showAlerts: z.boolean(),
    showGoal: z.boolean(),
    showLeaderboard: z.boolean(),
    minTokens: z.number().int('Whole tokens only').min(0, 'At least 0').max(OVERLAY_MAX_TOKENS, 'Too large'),
    isSoundOn: z.boolean(),
    leaderboardPeriod: z.enum(LEADERBOARD_PERIODS),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateOverlaySettingsInput = z.infer<typeof UpdateOverlaySettingsInput>;

/** The most characters a token target's title has: one line on the goal bar. */
export const GOAL_TITLE_MAX = 60;

/** A token target's title, as the goal bar shows it ("Goal: New microphone"); blank is none. */
export const GoalTitle = z
  .string()
  .trim()
  .max(GOAL_TITLE_MAX, `At most ${GOAL_TITLE_MAX} characters`)
  .refine((title) => !CONTROL_CHARACTER.test(title), 'Remove tabs, line breaks and other control characters')
  .transform((title) => (title === '' ? undefined : title));

/**
 * Starts a goal now: one of the creator's wishes (its price is the target) or a number of tokens, with an
 * optional title.
 */
export const StartGoalInput = z.union([
  z.object({ wishId: z.string().min(1).max(100) }).strict(),
  z
    .object({
      tokens: z.number().int('Whole tokens only').min(1, 'At least 1').max(OVERLAY_MAX_TOKENS, 'Too large'),
      title: GoalTitle.optional(),
    })
    .strict(),
]);
export type StartGoalInput = z.infer<typeof StartGoalInput>;

/** One alert on the overlay: a gift or tip, or the creator's test. */
export const OverlayAlert = z.object({
  kind: z.enum(['tip', 'gift']),
  /** The fan's display name, or "Anonymous". */
  name: z.string(),
  amountCents: z.number().int(),
  /** The wish bought, for a gift. */
  wish: z.object({ name: z.string(), image: z.string().nullable() }).nullable(),
  /** Sent by "Send test alert": not a gift, nothing stored. */
  isTest: z.boolean(),
  /** The fan's message (decision 100), shown as text and maybe read aloud; null without one. */
  message: z.string().nullable(),
  /** A held message the creator approved: its purchase, which the overlay reports once it shows it. */
  approvedId: z.string().nullable(),
  /** The last alert again, asked for from the control page: nothing to report. */
  isReplay: z.boolean(),
});
export type OverlayAlert = z.infer<typeof OverlayAlert>;

export const LeaderboardRow = z.object({ name: z.string(), amountCents: z.number().int() });
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

/** What the overlay shows besides alerts; only the parts the creator chose are present. */
export const OverlayState = z.object({
  showAlerts: z.boolean(),
  isSoundOn: z.boolean(),
  goal: z
    .object({
      name: z.string().nullable(),
      image: z.string().nullable(),
      targetCents: z.number().int(),
      progressCents: z.number().int(),
      reachedAt: z.string().nullable(),
    })
    .nullable(),
  leaderboard: z.array(LeaderboardRow).nullable(),
  leaderboardPeriod: z.enum(LEADERBOARD_PERIODS),
  /** Alerts wait in the overlay's queue while the creator paused them from the control page (decision 100). */
  isPaused: z.boolean(),
  /** Reading messages aloud, when the creator turned it on; null when off. */
  speech: z
    .object({
      voice: z.string().nullable(),
      /** 0 to 100. */
      volume: z.number().int(),
      /** Messages with gifts under this many tokens are not read. */
      minTokens: z.number().int(),
      maxSeconds: z.number().int(),
    })
    .nullable(),
});
export type OverlayState = z.infer<typeof OverlayState>;

/**
 * Server-Sent Events of GET /api/overlay/{secret}/events. `alert` (with an `id:`, the gift's place in the
 * creator's gifts; a test alert has none) carries an OverlayAlert; `skip` (with an `id:`) is a gift that
 * shows no alert (under the minimum, or alerts off), sent so a reconnect resumes after it; `state` carries
 * an OverlayState; `skip-current` (no data) ends the alert playing (the control page, decision 100); an
 * approved message's alert and a replay come without an `id:`. Resuming with Last-Event-ID (or `?after=`) sends each later gift exactly once, in order.
 */
export const OVERLAY_EVENTS = { alert: 'alert', skip: 'skip', state: 'state', skipCurrent: 'skip-current' } as const;
