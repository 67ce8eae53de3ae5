import { z } from 'zod';
import { Person } from './wallet';

/**
 * Safety tools (issue 21): a user blocks another, reports a profile, a wish or a message, and moderators
 * act on the reports. The spec has no texts for them; these are ours (decision 026).
 */

export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TARGETS = ['profile', 'wish', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

export const SAFETY_MESSAGES = {
  cannotBlockYourself: "You can't block yourself.",
  cannotReportYourself: "You can't report yourself.",
  notFound: 'Not found',
  reported: "Thanks for letting us know. We'll review your report.",
  blockedByMe: 'You blocked this user. Unblock them to send messages.',
  giftsRefused: 'This creator does not accept gifts from you.',
  alreadyResolved: 'This report has already been resolved.',
  suspended: 'This account is suspended.',
} as const;

/** Block a user; a creator may also refuse gifts from them. */
export const BlockInput = z.object({ refusesGifts: z.boolean().default(false) }).strict();
export type BlockInput = z.infer<typeof BlockInput>;

/** One block, as its blocker sees it in settings. */
export const Block = z.object({
  person: Person,
  refusesGifts: z.boolean(),
  blockedAt: z.string(),
});
export type Block = z.infer<typeof Block>;
export const BlockList = z.array(Block);

/** Whether the viewer blocked a user (shown on the profile page and in a conversation). */
export const BlockState = z.object({ isBlocked: z.boolean(), refusesGifts: z.boolean() });
export type BlockState = z.infer<typeof BlockState>;

export const ReportInput = z
  .object({
    target: z.enum(REPORT_TARGETS),
    targetId: z.string().min(1).max(64),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(REPORT_NOTE_MAX).default(''),
  })
  .strict();
export type ReportInput = z.infer<typeof ReportInput>;

/** What the reporter is told: only that the report was received, never what came of it. */
export const ReportReceipt = z.object({ message: z.string() });
export type ReportReceipt = z.infer<typeof ReportReceipt>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ModerationInput = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    reason: z.string().trim().min(1).max(MODERATION_REASON_MAX),
  })
  .strict();
export type ModerationInput = z.infer<typeof ModerationInput>;

/** An open report as moderators see it: the content as it was when reported. */
export const OpenReport = z.object({
  id: z.string(),
  target: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** The account the content belongs to (the one a suspension would suspend). */
  owner: Person.nullable(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  /** The reported content as it was when reported: a profile's, wish's or message's words and picture. */
  snapshot: z.record(z.string(), z.unknown()),
  reportedAt: z.string(),
  /** How many people reported the same content while this report was open. */
  reporters: z.number().int().positive(),
});
export type OpenReport = z.infer<typeof OpenReport>;
export const OpenReportList = z.array(OpenReport);

/** One line of the moderation audit log. */
export const ModerationLogEntry = z.object({
  id: z.string(),
  moderator: Person.nullable(),
  action: z.enum(MODERATION_ACTIONS),
  target: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;
export const ModerationLog = z.array(ModerationLogEntry);
