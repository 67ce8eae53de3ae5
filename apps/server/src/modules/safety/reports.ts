import type { CreateReportInput, ReportReceipt, ReportSnapshot } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getProfileSnapshot } from '../profiles/service';
import { getWishSnapshot } from '../wishes/service';
import type { ConversationsPort } from './conversations-port';
import { countOpenReportsOf, insertReport, lockReporter } from './repo';

// Reports (issue 21, item 4; decision 028). The content is copied into the report as it is now, so the
// moderators see what was reported even if it changes or goes later. The reporter learns only that the
// report arrived.

type Parsed = Omit<CreateReportInput, 'note'> & { note: string };

/** Reports one user may have waiting for a moderator at once (decision 028). */
export const MAX_OPEN_REPORTS_PER_REPORTER = 20;

/** What is reported, whose it is, and a copy of it; undefined when the reporter cannot see it. */
async function snapshotOf(
  db: Database,
  conversations: ConversationsPort,
  reporterId: string,
  input: Parsed,
): Promise<{ targetUserId: string; snapshot: ReportSnapshot } | undefined> {
  if (input.kind === 'profile') {
    const profile = await getProfileSnapshot(db, input.targetId);
    return profile && { targetUserId: input.targetId, snapshot: { profile } };
  }
  if (input.kind === 'wish') {
    const wish = await getWishSnapshot(db, input.targetId);
    if (!wish) return undefined;
    const { sellerId, ...copy } = wish;
    return { targetUserId: sellerId, snapshot: { wish: copy } };
  }
  if (!input.conversationId) return undefined;
  const message = await conversations.getMessageSnapshot(db, reporterId, input.conversationId, input.targetId);
  return message && { targetUserId: message.senderId, snapshot: { message: message.snapshot } };
}

export async function createReport(
  db: Database,
  conversations: ConversationsPort,
  reporterId: string,
  input: Parsed,
): Promise<ReportReceipt> {
  const target = await snapshotOf(db, conversations, reporterId, input);
  if (!target) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.reportTargetMissing);
  if (target.targetUserId === reporterId) throw new AppError('VALIDATION', SAFETY_MESSAGES.cannotReportSelf);
  const reportId = await db.transaction(async (tx) => {
    // One reporter's reports one at a time, so two at once cannot both pass the count.
    await lockReporter(tx, reporterId);
    if ((await countOpenReportsOf(tx, reporterId)) >= MAX_OPEN_REPORTS_PER_REPORTER) {
      throw new AppError('RATE_LIMITED', SAFETY_MESSAGES.tooManyOpenReports);
    }
    return insertReport(tx, {
      reporterId,
      kind: input.kind,
      targetId: input.targetId,
      targetUserId: target.targetUserId,
      reason: input.reason,
      note: input.note,
      snapshot: target.snapshot,
    });
  });
  if (!reportId) throw new AppError('CONFLICT', SAFETY_MESSAGES.alreadyReported);
  return { reportId, message: SAFETY_MESSAGES.reportSent };
}
