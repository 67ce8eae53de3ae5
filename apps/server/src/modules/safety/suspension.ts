import { createHash } from 'node:crypto';
import type { SuspensionStatus } from '@sweetwish/shared/safety';
import type { Database } from '../../db/client';
import { sessionTokenOf } from '../../http/session';
import { isSuspended } from '../accounts/service';
import { deleteSuspensionNotices, findSuspensionNotice, insertSuspensionNotices } from './moderation-repo';

// The suspended screen (decision 135): a suspension ends the account's sessions, and each browser that
// held one is then told why, rather than sent to sign in with no word. The sessions are known by a hash of
// their token, so this table holds nothing that could sign anyone in.

const keyOfToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Remembers the sessions a suspension ended (in its transaction), each until it would have expired. */
export async function rememberEndedSessions(
  db: Database,
  userId: string,
  moderationActionId: string,
  ended: { token: string; expiresAt: Date }[],
): Promise<void> {
  await insertSuspensionNotices(
    db,
    ended.map(({ token, expiresAt }) => ({ sessionKey: keyOfToken(token), userId, moderationActionId, expiresAt })),
  );
}

/** Forgets them when the suspension is lifted: those browsers are signed out, as any other. */
export async function forgetEndedSessions(db: Database, userId: string): Promise<void> {
  await deleteSuspensionNotices(db, userId);
}

/**
 * Whether the request's session cookie is one a suspension ended, and the suspension still stands: its
 * reason and time. No cookie, no query.
 */
export async function getSuspensionStatus(db: Database, headers: Headers): Promise<SuspensionStatus> {
  const token = sessionTokenOf(headers);
  const notice = token ? await findSuspensionNotice(db, keyOfToken(token)) : undefined;
  if (!notice || !(await isSuspended(db, notice.userId))) return { suspension: null };
  return { suspension: { reason: notice.reason, suspendedAt: notice.suspendedAt.toISOString() } };
}
