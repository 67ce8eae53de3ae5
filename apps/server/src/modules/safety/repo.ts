import { randomUUID } from 'node:crypto';
import type { ReportSnapshot } from '@sweetwish/shared/safety';
import type { AuditActionKind, ReportKind, ReportReason } from '@sweetwish/shared/safety-rules';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../profiles/people';
import { blocks, moderationActions, reports } from './tables';

// ---- Blocks ----

/** Blocks `blockedId` for `blockerId`, or changes whether gifts are refused when the block stands already. */
export async function upsertBlock(
  db: Database,
  block: { blockerId: string; blockedId: string; refusesGifts: boolean; isAnonymous: boolean },
) {
  const { refusesGifts, isAnonymous } = block;
  await db
    .insert(blocks)
    .values(block)
    .onConflictDoUpdate({ target: [blocks.blockerId, blocks.blockedId], set: { refusesGifts, isAnonymous } });
}

export async function deleteBlock(db: Database, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function findBlock(db: Database, blockerId: string, blockedId: string) {
  const [row] = await db
    .select({ refusesGifts: blocks.refusesGifts })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return row;
}

/** Every block between `userId` and any of `otherIds`, whichever way it goes. */
export async function findBlocksBetween(db: Database, userId: string, otherIds: string[]) {
  if (otherIds.length === 0) return [];
  return db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, otherIds)),
        and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, otherIds)),
      ),
    );
}

const blocked = people('blocked');

/** A page of the users someone blocked, newest first, with their public identity. */
export async function listBlocksOf(db: Database, blockerId: string, page: PageRequest) {
  return db
    .select({
      blockedId: blocks.blockedId,
      refusesGifts: blocks.refusesGifts,
      isAnonymous: blocks.isAnonymous,
      createdAt: blocks.createdAt,
      handle: blocked.handle,
      displayName: blocked.displayName,
      photoUrl: blocked.photoUrl,
      deletedAt: blocked.deletedAt,
      pageKey: keyTime(blocks.createdAt),
    })
    .from(blocks)
    .innerJoin(blocked, eq(blocked.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), afterKeyset(blocks.createdAt, blocks.blockedId, page.after)))
    .orderBy(...newestFirst(blocks.createdAt, blocks.blockedId))
    .limit(page.limit + 1);
}

// ---- Reports ----

export type NewReport = {
  reporterId: string;
  kind: ReportKind;
  targetId: string;
  targetUserId: string;
  reason: ReportReason;
  note: string;
  snapshot: ReportSnapshot;
};

/** A new open report; undefined (nothing added) when the reporter has an open one of that target already. */
export async function insertReport(db: Database, report: NewReport): Promise<string | undefined> {
  const rows = await db
    .insert(reports)
    .values({ id: randomUUID(), ...report })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows[0]?.id;
}

const reportColumns = {
  id: reports.id,
  kind: reports.kind,
  targetId: reports.targetId,
  targetUserId: reports.targetUserId,
  reporterId: reports.reporterId,
  reason: reports.reason,
  note: reports.note,
  snapshot: reports.snapshot,
  status: reports.status,
  createdAt: reports.createdAt,
};

export async function findReport(db: Database, id: string) {
  const [row] = await db.select(reportColumns).from(reports).where(eq(reports.id, id));
  return row;
}

/** A page of the open reports, newest first. */
export async function listOpenReports(db: Database, page: PageRequest) {
  return db
    .select({ ...reportColumns, pageKey: keyTime(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.status, 'open'), afterKeyset(reports.createdAt, reports.id, page.after)))
    .orderBy(...newestFirst(reports.createdAt, reports.id))
    .limit(page.limit + 1);
}

/**
 * Closes the report and every other open report of the same target (a moderator acted on it). Only an open
 * report is closed: false when someone else acted first.
 */
export async function resolveReports(db: Database, report: { id: string; kind: ReportKind; targetId: string }) {
  const [closed] = await db
    .update(reports)
    .set({ status: 'resolved', resolvedAt: sql`now()` })
    .where(and(eq(reports.id, report.id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  if (!closed) return false;
  await db
    .update(reports)
    .set({ status: 'resolved', resolvedAt: sql`now()` })
    .where(and(eq(reports.kind, report.kind), eq(reports.targetId, report.targetId), eq(reports.status, 'open')));
  return true;
}

// ---- Audit log ----

export async function insertModerationAction(
  db: Database,
  action: {
    moderatorId: string;
    action: AuditActionKind;
    kind: ReportKind;
    targetId: string;
    reportId: string | null;
    reason: string;
  },
) {
  await db.insert(moderationActions).values({ id: randomUUID(), ...action });
}

/** A page of the audit log, newest first. */
export async function listModerationActions(db: Database, page: PageRequest) {
  return db
    .select({
      id: moderationActions.id,
      moderatorId: moderationActions.moderatorId,
      action: moderationActions.action,
      kind: moderationActions.kind,
      targetId: moderationActions.targetId,
      reportId: moderationActions.reportId,
      reason: moderationActions.reason,
      createdAt: moderationActions.createdAt,
      pageKey: keyTime(moderationActions.createdAt),
    })
    .from(moderationActions)
    .where(afterKeyset(moderationActions.createdAt, moderationActions.id, page.after))
    .orderBy(...newestFirst(moderationActions.createdAt, moderationActions.id))
    .limit(page.limit + 1);
}
