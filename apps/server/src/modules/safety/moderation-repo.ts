import { randomUUID } from 'node:crypto';
import type { ModerationPerson } from '@sweetwish/shared/safety';
import type { AuditActionKind, ReportKind } from '@sweetwish/shared/safety-rules';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { people } from '../accounts/people';
import { moderationActions, reports, suspensionNotices } from './tables';

// The moderators' side of the safety tables: the audit log, the people a moderator sees, and what a
// suspension leaves for the browsers whose sessions it ended.

/** People by id as moderators see them (names may be missing); the ids of a page, so a few. */
export async function findPeople(db: Database, ids: string[]): Promise<Map<string, ModerationPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const person = people('person');
  const rows = await db
    .select({ id: person.id, handle: person.handle, displayName: person.displayName })
    .from(person)
    .where(inArray(person.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

// ---- Audit log ----

/** Writes one row of the audit log; answers its id. */
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
): Promise<string> {
  const id = randomUUID();
  await db.insert(moderationActions).values({ id, ...action });
  return id;
}

/**
 * A page of the audit log, newest first, with whose content each action touched (a profile's is the
 * account itself, else the report's owner) and the report's copy of it.
 */
export async function listModerationActions(db: Database, page: PageRequest) {
  return db
    .select({
      id: moderationActions.id,
      moderatorId: moderationActions.moderatorId,
      action: moderationActions.action,
      kind: moderationActions.kind,
      targetId: moderationActions.targetId,
      ownerId: sql<string>`case when ${moderationActions.kind} = 'profile' then ${moderationActions.targetId}
        else ${reports.targetUserId} end`,
      snapshot: reports.snapshot,
      reportId: moderationActions.reportId,
      reason: moderationActions.reason,
      createdAt: moderationActions.createdAt,
      pageKey: keyTime(moderationActions.createdAt),
    })
    .from(moderationActions)
    .leftJoin(reports, eq(reports.id, moderationActions.reportId))
    .where(afterKeyset(moderationActions.createdAt, moderationActions.id, page.after))
    .orderBy(...newestFirst(moderationActions.createdAt, moderationActions.id))
    .limit(page.limit + 1);
}

/** One action of the audit log with its report's copy, for the notice to the user it touched. */
export async function findModerationAction(db: Database, id: string) {
  const [row] = await db
    .select({
      action: moderationActions.action,
      kind: moderationActions.kind,
      targetId: moderationActions.targetId,
      reason: moderationActions.reason,
      snapshot: reports.snapshot,
    })
    .from(moderationActions)
    .leftJoin(reports, eq(reports.id, moderationActions.reportId))
    .where(eq(moderationActions.id, id));
  return row;
}

// ---- Suspension notices ----

export async function insertSuspensionNotices(
  db: Database,
  notices: { sessionKey: string; userId: string; moderationActionId: string; expiresAt: Date }[],
): Promise<void> {
  if (notices.length > 0) await db.insert(suspensionNotices).values(notices).onConflictDoNothing();
}

export async function deleteSuspensionNotices(db: Database, userId: string): Promise<void> {
  await db.delete(suspensionNotices).where(eq(suspensionNotices.userId, userId));
}

/** The suspension that ended this session, with its reason, while the session would still have lasted. */
export async function findSuspensionNotice(db: Database, sessionKey: string) {
  const [row] = await db
    .select({
      userId: suspensionNotices.userId,
      reason: moderationActions.reason,
      suspendedAt: moderationActions.createdAt,
    })
    .from(suspensionNotices)
    .innerJoin(moderationActions, eq(moderationActions.id, suspensionNotices.moderationActionId))
    .where(and(eq(suspensionNotices.sessionKey, sessionKey), gt(suspensionNotices.expiresAt, sql`now()`)));
  return row;
}
