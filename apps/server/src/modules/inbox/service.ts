import type { InboxEventKind, InboxPage, InboxUnread } from '@sweetwish/shared/inbox';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { countUnreadRows, deleteRowsOf, insertInboxEvent, listInboxRows, markRowsRead } from './repo';

/** The longest text an event keeps: a notice is a sentence or two. */
const MAX_TEXT_LENGTH = 500;

export type InboxEventInput = {
  userId: string;
  /**
   * What caused it, unique for this user: `notification:{id}`, `payout:{withdrawalId}`, ... A second write
   * with the same key (a retried job, an event delivered twice) is a no-op.
   */
  eventKey: string;
  kind: InboxEventKind;
  /** One sentence, as the notice says it (plain text: the web app never reads it as HTML). */
  text: string;
  /** A path on this site: the list links there. */
  path: string;
  /** Already seen elsewhere (a message read in its conversation before its notice was due). */
  isRead?: boolean;
};

/**
 * Adds an event to a user's inbox (decision 130). Call it in the job or transaction that decides the event,
 * with the key of what caused it, so a retry never writes it twice; the user's bell updates on commit.
 * Answers whether this call wrote it. Every notification (moderation notices included) reaches it through
 * use-cases/notification-inbox.ts; payouts call it directly.
 */
export async function recordInboxEvent(db: Database, event: InboxEventInput): Promise<boolean> {
  if (!event.path.startsWith('/') || event.path.startsWith('//')) {
    throw new Error(`an inbox event leads to a path on this site, not ${event.path}`);
  }
  const text = event.text.length > MAX_TEXT_LENGTH ? `${event.text.slice(0, MAX_TEXT_LENGTH - 1)}…` : event.text;
  return insertInboxEvent(db, { ...event, text, isRead: event.isRead ?? false });
}

/** A page of the user's own events, newest first. */
export async function listInbox(db: Database, userId: string, page: PageRequest): Promise<InboxPage> {
  const { rows, nextCursor } = cutPage(await listInboxRows(db, userId, page), page, (row) => row.id);
  const items = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    text: row.text,
    path: row.path,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  }));
  return { items, nextCursor };
}

export async function countUnreadInbox(db: Database, userId: string): Promise<InboxUnread> {
  return { unreadCount: await countUnreadRows(db, userId) };
}

/** The user saw these events: those that are theirs and unread become read. Answers the bell's new count. */
export async function markInboxRead(db: Database, userId: string, ids: string[]): Promise<InboxUnread> {
  await markRowsRead(db, userId, [...new Set(ids)]);
  return countUnreadInbox(db, userId);
}

/** Call in the transaction that deletes the account. */
export async function forgetInbox(db: Database, userId: string): Promise<void> {
  await deleteRowsOf(db, userId);
}
