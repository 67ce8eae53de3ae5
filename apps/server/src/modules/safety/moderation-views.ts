import type { AuditPage, ModerationPerson, OpenReportPage, ReportSnapshot } from '@sweetwish/shared/safety';
import type { ReportKind } from '@sweetwish/shared/safety-rules';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { findPeople, listModerationActions } from './moderation-repo';
import { listReportQueue as queueOfReports } from './repo';

// What moderators read (decision 135): the queue and the audit log, each entry with the people
// involved, the content as it was reported, and where it is on the site.

/** A message quoted in the audit log: enough to recall it. */
const SUMMARY_MAX = 140;

/** Someone whose row is gone from view still has an id: shown without names. */
const personOf = (found: Map<string, ModerationPerson>, id: string): ModerationPerson =>
  found.get(id) ?? { id, handle: null, displayName: null };

/** Where the content is on the site; a message has no address but its conversation, private to its two people. */
function contentPathOf(kind: ReportKind, targetId: string, owner: ModerationPerson): string | null {
  if (kind === 'wish') return `/x/${encodeURIComponent(targetId)}`;
  if (kind === 'profile') return owner.handle ? `/${encodeURIComponent(owner.handle)}` : null;
  return null;
}

/** One line of what was reported, from the report's copy. */
function summaryOf(snapshot: ReportSnapshot | null): string | null {
  if (snapshot?.wish) return snapshot.wish.name;
  if (snapshot?.message) {
    const { type, content } = snapshot.message;
    if (type === 'image' || !content) return 'An image message';
    return content.length > SUMMARY_MAX ? `${content.slice(0, SUMMARY_MAX - 1)}…` : content;
  }
  if (snapshot?.profile) {
    const { displayName, handle } = snapshot.profile;
    return [displayName, handle && `@${handle}`].filter(Boolean).join(' ') || null;
  }
  return null;
}

/** The queue: one entry per reported target, each reporter's first report before anyone's second (decision 028). */
export async function listReportQueue(db: Database, page: PageRequest): Promise<OpenReportPage> {
  const { rows, nextCursor } = cutPage(await queueOfReports(db, page), page, (row) => row.id);
  const found = await findPeople(
    db,
    rows.flatMap((row) => [row.reporterId, row.targetUserId]),
  );
  return {
    items: rows.map(({ pageKey, pageRank, createdAt, lastReportedAt, ...row }) => {
      const owner = personOf(found, row.targetUserId);
      return {
        ...row,
        owner,
        reporter: personOf(found, row.reporterId),
        contentPath: contentPathOf(row.kind, row.targetId, owner),
        createdAt: new Date(createdAt).toISOString(),
        lastReportedAt: new Date(lastReportedAt).toISOString(),
      };
    }),
    nextCursor,
  };
}

/** The audit log, newest first: who did what to whose content, when and why. */
export async function listAuditLog(db: Database, page: PageRequest): Promise<AuditPage> {
  const { rows, nextCursor } = cutPage(await listModerationActions(db, page), page, (row) => row.id);
  const found = await findPeople(
    db,
    rows.flatMap((row) => [row.moderatorId, row.ownerId]),
  );
  return {
    items: rows.map(({ pageKey, createdAt, ownerId, snapshot, ...row }) => {
      const owner = personOf(found, ownerId);
      return {
        ...row,
        moderator: personOf(found, row.moderatorId),
        owner,
        contentSummary: summaryOf(snapshot),
        contentPath: contentPathOf(row.kind, row.targetId, owner),
        createdAt: createdAt.toISOString(),
      };
    }),
    nextCursor,
  };
}
