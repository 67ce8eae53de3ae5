/**
 * Safety rules without schemas (the web app uses them without loading zod): texts, report reasons and
 * moderation actions (issue 21; decision 028).
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
  tooManyOpenReports: 'Our moderators have not yet reviewed your last 20 reports. Please wait for them first.',
  cannotReportSelf: 'You cannot report your own content',
  reportTargetMissing: 'There is nothing to report here.',
  noBlockedUsers: 'You have not blocked anyone.',
  noReports: 'No open reports',
  reportNotOpen: 'This report was already handled.',
  cannotHide: 'Only a wish or a message can be hidden.',
  suspended: 'This account has been suspended.',
  notSuspended: 'This account is not suspended.',
  noSuspendedAccounts: 'No suspended accounts',
  messageRemoved: 'This message was removed by a moderator.',
  noAuditEntries: 'No moderator has acted yet.',
  /** The suspended screen (/suspended), for someone whose session a suspension ended or who cannot sign in. */
  suspendedTitle: 'Your account is suspended',
  suspendedDetail:
    'While it is suspended you cannot sign in, your page is hidden and you cannot receive gifts. Your earnings are kept.',
  suspendedReasonUnknown: 'We sent you the reason by text or e-mail when it happened.',
  suspendedAppeal: 'If you think this is a mistake, write to us from the support page.',
} as const;

/**
 * Why a user reports something (issue 21, item 4), with the reasons peers offer (issue 53, item 2): a
 * minor's safety, sexual content, impersonation and someone else's intellectual property.
 */
export const REPORT_REASONS = [
  'spam',
  'scam',
  'harassment',
  'sexual_content',
  'minor_safety',
  'impersonation',
  'intellectual_property',
  'illegal_content',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  scam: 'Scam',
  harassment: 'Harassment',
  sexual_content: 'Sexual content',
  minor_safety: 'Minor safety',
  impersonation: 'Impersonation',
  intellectual_property: 'Intellectual property',
  illegal_content: 'Illegal content',
  other: 'Other',
};

/** What can be reported. */
export const REPORT_KINDS = ['profile', 'wish', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

/** What a moderator does with a report. */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

/** What the audit log records: the report actions, and lifting a suspension (no report). */
export const AUDIT_ACTIONS = [...MODERATION_ACTIONS, 'lift_suspension'] as const;
export type AuditActionKind = (typeof AUDIT_ACTIONS)[number];
