import { z } from 'zod';
import { pageOf } from './paging';
import {
  AUDIT_ACTIONS,
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
} from './safety-rules';
import { Person } from './wallet';

/**
 * Safety tools (issue 21, items 3 to 5; decision 028): blocking a user, reporting a profile, wish or
 * message, and the moderators' queue of open reports with its audit log.
 */

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

const ModerationReason = z
  .string()
  .trim()
  .min(1, 'Say why')
  .max(MODERATION_REASON_MAX, `A reason is at most ${MODERATION_REASON_MAX} characters`);

export const ModerationActionInput = z.object({ action: z.enum(MODERATION_ACTIONS), reason: ModerationReason });
export type ModerationActionInput = z.infer<typeof ModerationActionInput>;

export const LiftSuspensionInput = z.object({ reason: ModerationReason });
export type LiftSuspensionInput = z.infer<typeof LiftSuspensionInput>;

/** A suspended account as moderators see it. */
export const SuspendedAccount = z.object({
  id: z.string(),
  handle: z.string().nullable(),
  displayName: z.string().nullable(),
  suspendedAt: z.string(),
});
export type SuspendedAccount = z.infer<typeof SuspendedAccount>;
export const SuspendedAccountPage = pageOf(SuspendedAccount);
export type SuspendedAccountPage = z.infer<typeof SuspendedAccountPage>;

/**
 * Someone as moderators see them: names may be missing (a profile not completed, or a deleted account,
 * whose names are cleared). Only the moderation routes answer it.
 */
export const ModerationPerson = z.object({
  id: z.string(),
  handle: z.string().nullable(),
  displayName: z.string().nullable(),
});
export type ModerationPerson = z.infer<typeof ModerationPerson>;

/** How many of a target's open reports give a reason. */
export const ReasonCount = z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int().positive() });
export type ReasonCount = z.infer<typeof ReasonCount>;

/**
 * An entry of the moderation queue: a reported target's first open report, as moderators see it, with how
 * many reports of it are open, their reasons, and when the latest came.
 */
export const OpenReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  /** Whose content it is (the profile's user, the wish's seller, the message's sender). */
  targetUserId: z.string(),
  owner: ModerationPerson,
  reporterId: z.string(),
  /** Who filed this first report (never shown to the owner). */
  reporter: ModerationPerson,
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  snapshot: ReportSnapshot,
  /** Where the content is on the site (a profile, a wish page); null for a message, private to its two people. */
  contentPath: z.string().nullable(),
  createdAt: z.string(),
  /** Open reports of this target, this one included; acting on it closes them all. */
  reportCount: z.number().int(),
  /** The reasons of those reports, the most given first. */
  reasons: z.array(ReasonCount),
  lastReportedAt: z.string(),
});
export type OpenReport = z.infer<typeof OpenReport>;
export const OpenReportPage = pageOf(OpenReport);
export type OpenReportPage = z.infer<typeof OpenReportPage>;

export const ModerationActionResult = z.object({ reportId: z.string(), action: z.enum(MODERATION_ACTIONS) });
export type ModerationActionResult = z.infer<typeof ModerationActionResult>;

/** One row of the audit log: who did what, to what (and whose), when and why. */
export const AuditEntry = z.object({
  id: z.string(),
  moderatorId: z.string(),
  moderator: ModerationPerson,
  action: z.enum(AUDIT_ACTIONS),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  /** Whose content it was (for a suspension or its lifting, the account itself). */
  owner: ModerationPerson,
  /** What it was, from the report's copy: a wish's name, a message's text, a profile's handle. */
  contentSummary: z.string().nullable(),
  contentPath: z.string().nullable(),
  reportId: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

// ---- Suspension ----

/**
 * GET /api/suspension: whether this browser's session was ended by a suspension that still stands, and
 * the moderator's reason; null otherwise (the web app then sends a signed-out visitor to sign in).
 */
export const SuspensionStatus = z.object({
  suspension: z.object({ reason: z.string(), suspendedAt: z.string() }).nullable(),
});
export type SuspensionStatus = z.infer<typeof SuspensionStatus>;
