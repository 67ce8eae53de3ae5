import type { InboxEventKind } from '@sweetwish/shared/inbox';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { inboxEvents } from './tables';

export type NewInboxEvent = { userId: string; eventKey: string; kind: InboxEventKind; text: string; path: string };

/**
 * Writes the event unless one with its key was written already (a retried job); the user's bell hears of
 * it when the surrounding transaction commits. True when this call wrote it.
 */
export async function insertInboxEvent(db: Database, event: NewInboxEvent & { isRead: boolean }): Promise<boolean> {
  const { isRead, ...values } = event;
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(inboxEvents)
      .values({ ...values, readAt: isRead ? new Date() : null })
      .onConflictDoNothing({ target: [inboxEvents.userId, inboxEvents.eventKey] })
      .returning({ id: inboxEvents.id });
    if (rows.length === 0) return false;
    await notifyChange(tx, { topic: 'inbox', userId: event.userId });
    return true;
  });
}

/** A page of the user's events, newest first; one row more tells that more follow. */
export async function listInboxRows(db: Database, userId: string, page: PageRequest) {
  return db
    .select({
      id: inboxEvents.id,
      kind: inboxEvents.kind,
      text: inboxEvents.text,
      path: inboxEvents.path,
      createdAt: inboxEvents.createdAt,
      readAt: inboxEvents.readAt,
      pageKey: keyTime(inboxEvents.createdAt),
    })
    .from(inboxEvents)
    .where(and(eq(inboxEvents.userId, userId), afterKeyset(inboxEvents.createdAt, inboxEvents.id, page.after)))
    .orderBy(...newestFirst(inboxEvents.createdAt, inboxEvents.id))
    .limit(page.limit + 1);
}

export async function countUnreadRows(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxEvents)
    .where(and(eq(inboxEvents.userId, userId), isNull(inboxEvents.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own unread events among `ids` read; anyone else's ids match nothing. */
export async function markRowsRead(db: Database, userId: string, ids: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(inboxEvents)
      .set({ readAt: new Date() })
      .where(and(eq(inboxEvents.userId, userId), inArray(inboxEvents.id, ids), isNull(inboxEvents.readAt)))
      .returning({ id: inboxEvents.id });
    if (rows.length > 0) await notifyChange(tx, { topic: 'inbox', userId });
    return rows.length;
  });
}

export async function deleteRowsOf(db: Database, userId: string): Promise<void> {
  await db.delete(inboxEvents).where(eq(inboxEvents.userId, userId));
}
