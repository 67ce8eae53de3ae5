import type {
  LiftSuspensionInput,
  ModerationActionInput,
  ModerationActionResult,
  Roles,
} from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getModerationIdentity, liftSuspension, suspendAccount } from '../accounts/service';
import { queueModerationNotice } from '../notify/queue';
import { hideWish } from '../wishes/service';
import type { ConversationsPort } from './conversations-port';
import { insertModerationAction } from './moderation-repo';
import { findReport, resolveReports } from './repo';
import { forgetEndedSessions, rememberEndedSessions } from './suspension';

// The moderation queue (issue 21, item 5; decision 028): moderators named by MODERATORS see the open
// reports with the content as it was, and dismiss them, hide a wish or message, or suspend an account.
// Every action goes to the audit log in the same transaction that closes the report.

/**
 * Who moderates: user ids and lowercase e-mail addresses (config.ts parses MODERATORS). Never a handle:
 * whoever claims a released handle would become a moderator (issue 46, item 3).
 */
export type Moderators = {
  userIds: ReadonlySet<string>;
  emails: ReadonlySet<string>;
  /** The store-review preview account's address: it never moderates, whatever names it (decision 057). */
  neverEmail?: string | undefined;
};

/** A moderator is named by id or by verified e-mail, and is neither suspended, deleted nor the preview account. */
export async function isModerator(db: Database, moderators: Moderators, userId: string): Promise<boolean> {
  if (moderators.userIds.size === 0 && moderators.emails.size === 0) return false;
  const identity = await getModerationIdentity(db, userId);
  if (!identity) return false;
  const email = identity.email?.toLowerCase() ?? null;
  if (email !== null && email === moderators.neverEmail?.toLowerCase()) return false;
  return moderators.userIds.has(userId) || (email !== null && moderators.emails.has(email));
}

export async function getRoles(db: Database, moderators: Moderators, userId: string): Promise<Roles> {
  return { isModerator: await isModerator(db, moderators, userId) };
}

/** What the action did that caches elsewhere must hear of: the seller whose wishlist changed. */
export type ActionOutcome = ModerationActionResult & { changedWishesOf?: string; suspendedUserId?: string };

/**
 * A moderator acts on an open report: dismiss it, hide its wish or message, or suspend the account whose
 * content it is. The report and every other open report of the same target close, and the action is
 * written to the audit log with who, when and why, in one transaction.
 */
export async function actOnReport(
  db: Database,
  conversations: Pick<ConversationsPort, 'hideMessage'>,
  moderatorId: string,
  reportId: string,
  input: ModerationActionInput,
): Promise<ActionOutcome> {
  const report = await findReport(db, reportId);
  if (!report) throw new AppError('NOT_FOUND', 'Report not found');
  if (report.status !== 'open') throw new AppError('CONFLICT', SAFETY_MESSAGES.reportNotOpen);
  if (input.action === 'hide' && report.kind === 'profile')
    throw new AppError('VALIDATION', SAFETY_MESSAGES.cannotHide);
  const outcome: ActionOutcome = { reportId, action: input.action };
  await db.transaction(async (tx) => {
    if (!(await resolveReports(tx, report))) throw new AppError('CONFLICT', SAFETY_MESSAGES.reportNotOpen);
    let isTold = false;
    let endedSessions: { token: string; expiresAt: Date }[] = [];
    if (input.action === 'hide' && report.kind === 'wish') {
      outcome.changedWishesOf = await hideWish(tx, report.targetId);
      isTold = outcome.changedWishesOf !== undefined;
    } else if (input.action === 'hide' && report.kind === 'message') {
      const conversationId = report.snapshot.message?.conversationId;
      isTold = conversationId !== undefined && (await conversations.hideMessage(tx, conversationId, report.targetId));
    } else if (input.action === 'suspend') {
      // Suspended already (by another report): written to the log, but told and remembered only once.
      const ended = await suspendAccount(tx, report.targetUserId);
      outcome.suspendedUserId = report.targetUserId;
      isTold = ended !== undefined;
      endedSessions = ended ?? [];
    }
    const actionId = await insertModerationAction(tx, {
      moderatorId,
      action: input.action,
      kind: input.action === 'suspend' ? 'profile' : report.kind,
      targetId: input.action === 'suspend' ? report.targetUserId : report.targetId,
      reportId,
      reason: input.reason,
    });
    await rememberEndedSessions(tx, report.targetUserId, actionId, endedSessions);
    if (isTold) await tellAffectedUser(tx, report.targetUserId, actionId);
  });
  return outcome;
}

/**
 * The one place a moderation outcome reaches the user it touched (decision 135), in the action's
 * transaction: a notification, which its job sends by the user's sign-in channel (notices.ts says what)
 * and writes into the user's inbox (use-cases/notification-inbox.ts).
 */
async function tellAffectedUser(db: Database, userId: string, moderationActionId: string): Promise<void> {
  await queueModerationNotice(db, { userId, moderationActionId });
}

/**
 * A moderator lifts a suspension, with a reason, written to the audit log (no report) in the same
 * transaction: the account may sign in again and its page, search and gifts come back as they were.
 */
export async function liftAccountSuspension(
  db: Database,
  moderatorId: string,
  userId: string,
  input: LiftSuspensionInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await liftSuspension(tx, userId))) throw new AppError('CONFLICT', SAFETY_MESSAGES.notSuspended);
    await forgetEndedSessions(tx, userId);
    const actionId = await insertModerationAction(tx, {
      moderatorId,
      action: 'lift_suspension',
      kind: 'profile',
      targetId: userId,
      reportId: null,
      reason: input.reason,
    });
    await tellAffectedUser(tx, userId, actionId);
  });
}
