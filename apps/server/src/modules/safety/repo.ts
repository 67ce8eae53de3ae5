import { randomUUID } from 'node:crypto';
import type { ReportSnapshot } from '@sweetwish/shared/safety';
import type { ReportKind, ReportReason } from '@sweetwish/shared/safety-rules';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../accounts/people';
import { blocks, reports } from './tables';

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

/** The last place the queue tells apart (a cursor carries places below 100). */
const MAX_QUEUE_RANK = 99;

export type NewReport = {
  reporterId: string;
  kind: ReportKind;
  targetId: string;
  targetUserId: string;
  reason: ReportReason;
  note: string;
  snapshot: ReportSnapshot;
};

/** Takes the reporter's lock for the caller's transaction: their reports are counted and added one at a time. */
export async function lockReporter(db: Database, reporterId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reports:${reporterId}`}))`);
}

/** Reports of this reporter waiting for a moderator (read through the one-open-per-target index). */
export async function countOpenReportsOf(db: Database, reporterId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.status, 'open')));
  return row?.n ?? 0;
}

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

export type QueueEntry = {
  id: string;
  kind: ReportKind;
  targetId: string;
  targetUserId: string;
  reporterId: string;
  reason: ReportReason;
  note: string;
  snapshot: ReportSnapshot;
  createdAt: Date;
  reportCount: number;
  reasons: { reason: ReportReason; count: number }[];
  lastReportedAt: Date;
  pageKey: string;
  pageRank: number;
};

/**
 * A page of the moderation queue: one entry per reported target (its first open report, with how many
 * are open and the latest's time). An entry's place is the best place any of its reports has among its
 * reporter's open reports: every reporter's first before anyone's second, so accounts filing many
 * reports cannot push others' down (decision 028); then oldest first. It reads every open report: their
 * number is bounded by MAX_OPEN_REPORTS_PER_REPORTER per reporter and the write limits.
 */
export async function listReportQueue(db: Database, page: PageRequest): Promise<QueueEntry[]> {
  const after = page.after
    ? sql`and (rank > ${page.after.rank ?? 0} or (rank = ${page.after.rank ?? 0}
        and (created_at, id) > (${page.after.at}::timestamptz, ${page.after.id})))`
    : sql``;
  return queryRows<QueueEntry>(
    db,
    sql`with open_reports as (
        select r.*,
          row_number() over (partition by reporter_id order by created_at, id) as reporter_place,
          row_number() over (partition by kind, target_id order by created_at, id) as target_place,
          count(*) over (partition by kind, target_id) as report_count,
          max(created_at) over (partition by kind, target_id) as last_reported_at
        from reports r where status = 'open'),
      entries as (
        select o.*, least(min(reporter_place) over (partition by kind, target_id), ${MAX_QUEUE_RANK})::int as rank
        from open_reports o)
      select e.id, e.kind, e.target_id as "targetId", target_user_id as "targetUserId", reporter_id as "reporterId",
        reason, note, snapshot, created_at as "createdAt", report_count::int as "reportCount",
        last_reported_at as "lastReportedAt", rank as "pageRank",
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "pageKey",
        (select jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n) order by g.n desc, g.reason)
          from (select r.reason, count(*)::int as n from reports r
            where r.kind = e.kind and r.target_id = e.target_id and r.status = 'open' group by r.reason) g) as reasons
      from entries e where target_place = 1 ${after}
      order by rank, created_at, id limit ${page.limit + 1}`,
  );
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
