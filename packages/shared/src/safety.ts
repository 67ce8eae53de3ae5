import { z } from 'zod';
import { pageOf } from './paging';
import { Person } from './wallet';

/**
 * Safety tools (issue 21, items 3 to 5; decision 028): blocking a user, reporting a profile, wish or
 * message, and the moderators' queue of open reports with its audit log.
 */

export const SAFETY_MESSAGES = {
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  cannotBlockSelf: 'You cannot block yourself',
  /** A gift, tip or purchase refused by a creator who blocked the buyer and refuses their gifts. */
  giftsRefused: 'This creator is not accepting gifts from you.',
  /** Starting a conversation while a block stands between the two people (either way). */
  conversationRefused: 'Messages can no longer be sent in this conversation.',
  reportSent: 'Thanks for your report. Our moderators will review it.',
  alreadyReported: 'You have already reported this. Our moderators will review it.',
  cannotReportSelf: 'You cannot report your own content',
  reportTargetMissing: 'There is nothing to report here.',
  noBlockedUsers: 'You have not blocked anyone.',
  noReports: 'No open reports',
  reportNotOpen: 'This report was already handled.',
  cannotHide: 'Only a wish or a message can be hidden.',
  suspended: 'This account has been suspended.',
  messageRemoved: 'This message was removed by a moderator.',
} as const;

/** Why a user reports something (issue 21, item 4). */
export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'illegal_content', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  scam: 'Scam',
  harassment: 'Harassment',
  illegal_content: 'Illegal content',
  other: 'Other',
};

/** What can be reported. */
export const REPORT_KINDS = ['profile', 'wish', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

const Id = z.string().min(1).max(64);

// ---- Blocks ----

/** Block a user; a creator may also refuse gifts, tips and purchases from them while the block stands. */
export const BlockInput = z.object({ refusesGifts: z.boolean().optional() });
export type BlockInput = z.infer<typeof BlockInput>;

/** The viewer and another user: whether the viewer blocked them (and refuses their gifts). */
export const BlockStatus = z.object({ isBlocked: z.boolean(), refusesGifts: z.boolean() });
export type BlockStatus = z.infer<typeof BlockStatus>;

/** One user the viewer blocked; `person` is null for someone without a public profile ("Anonymous"). */
export const BlockedUser = z.object({
  userId: z.string(),
  person: Person.nullable(),
  refusesGifts: z.boolean(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUser>;
export const BlockedUserPage = pageOf(BlockedUser);
export type BlockedUserPage = z.infer<typeof BlockedUserPage>;

// ---- Reports ----

export const CreateReportInput = z
  .object({
    kind: z.enum(REPORT_KINDS),
    /** The profile's user id, the wish's id or the message's id. */
    targetId: Id,
    /** A message's conversation (required for a message). */
    conversationId: Id.optional(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(REPORT_NOTE_MAX, `A note is at most ${REPORT_NOTE_MAX} characters`).default(''),
  })
  .refine((input) => input.kind !== 'message' || input.conversationId !== undefined, {
    message: 'Required for a message',
    path: ['conversationId'],
  });
export type CreateReportInput = z.input<typeof CreateReportInput>;

/** The reporter learns only that the report arrived, never what came of it. */
export const ReportReceipt = z.object({ reportId: z.string(), message: z.string() });
export type ReportReceipt = z.infer<typeof ReportReceipt>;

/** The reported content as it was when reported (moderators see this, not what it became later). */
export const ReportSnapshot = z.object({
  profile: z
    .object({
      handle: z.string().nullable(),
      displayName: z.string().nullable(),
      description: z.string().nullable(),
      photoUrl: z.string().nullable(),
      bannerUrl: z.string().nullable(),
      links: z.array(z.string()),
    })
    .optional(),
  wish: z
    .object({
      name: z.string(),
      description: z.string(),
      cost: z.number().int(),
      image: z.string().nullable(),
    })
    .optional(),
  message: z
    .object({
      conversationId: z.string(),
      type: z.string(),
      content: z.string().nullable(),
      imageKey: z.string().nullable(),
      sentAt: z.string(),
    })
    .optional(),
});
export type ReportSnapshot = z.infer<typeof ReportSnapshot>;

// ---- Moderation ----

/** Whether the signed-in user moderates (the web app shows the moderation screen in the side menu). */
export const Roles = z.object({ isModerator: z.boolean() });
export type Roles = z.infer<typeof Roles>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

export const ModerationActionInput = z.object({
  action: z.enum(MODERATION_ACTIONS),
  reason: z
    .string()
    .trim()
    .min(1, 'Say why')
    .max(MODERATION_REASON_MAX, `A reason is at most ${MODERATION_REASON_MAX} characters`),
});
export type ModerationActionInput = z.infer<typeof ModerationActionInput>;

/** An open report as moderators see it. */
export const OpenReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  /** Whose content it is (the profile's user, the wish's seller, the message's sender). */
  targetUserId: z.string(),
  reporterId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  snapshot: ReportSnapshot,
  createdAt: z.string(),
});
export type OpenReport = z.infer<typeof OpenReport>;
export const OpenReportPage = pageOf(OpenReport);
export type OpenReportPage = z.infer<typeof OpenReportPage>;

export const ModerationActionResult = z.object({ reportId: z.string(), action: z.enum(MODERATION_ACTIONS) });
export type ModerationActionResult = z.infer<typeof ModerationActionResult>;

/** One row of the audit log: who did what, to what, when and why. */
export const AuditEntry = z.object({
  id: z.string(),
  moderatorId: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  reportId: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
