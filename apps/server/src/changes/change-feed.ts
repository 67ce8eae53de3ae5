import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';

/**
 * What changed, as every server instance hears it (architecture.md section 6). Writers send a change with
 * notifyChange inside the transaction that makes it, so it leaves only on commit.
 */
export type Change =
  /** A user's public profile, handle included. */
  | { topic: 'profile'; userId: string }
  /** A seller's wishes. */
  | { topic: 'wishes'; userId: string }
  /** Someone now holds this handle (lowercase): whatever it led to before is out of date. */
  | { topic: 'handle'; handle: string }
  /** A session was signed out: instances forget it (its key is a hash of the cookie, never the token). */
  | { topic: 'session-ended'; sessionKey: string }
  /** Every session of a user was signed out ("sign out everywhere", account deletion). */
  | { topic: 'user-signed-out'; userId: string }
  /** An account was deleted: whatever remembered it (as a gift recipient, as someone's affiliate) forgets it. */
  | { topic: 'account-deleted'; userId: string }
  /** A moderator suspended an account: whatever remembered it as a gift recipient forgets it (decision 028). */
  | { topic: 'account-suspended'; userId: string }
  /** Jobs were queued or brought forward (jobs/repo.ts, the notifications table's trigger): the runners wake. */
  | { topic: 'jobs' }
  /**
   * Sent live to that user (architecture.md section 6): their wallet balance, purchases made, gifts received,
   * fans, withdrawals or payout account changed; or a conversation of theirs (its read state, its place in
   * the list) or its messages; without a conversation, all of that user's conversations.
   */
  | { topic: 'wallet' | 'purchases' | 'received' | 'fans' | 'withdrawals' | 'payout-account'; userId: string }
  /** That user's inbox gained an event or had events marked read (decision 130). */
  | { topic: 'inbox'; userId: string }
  | { topic: 'conversations' | 'messages'; userId: string; conversationId?: string }
  /**
   * A creator's stream overlay (decision 031): its settings or goal changed, its secret was replaced (open
   * overlays on the old one close), a test alert was asked for, or its goal was reached.
   */
  | { topic: 'overlay'; userId: string; what: 'settings' | 'secret' | 'test' | 'goal-reached' }
  /**
   * From a creator's control page (decision 100): a held message was approved, the alert playing is to be
   * skipped, the last alert replayed, or the fans' message settings (pause, speech) changed.
   */
  | { topic: 'overlay-control'; userId: string; action: 'approved' | 'skip-current' | 'replay-last' | 'settings' };

/** Heard after the feed lost its connection: anything may have changed meanwhile. */
export type Resync = { topic: 'resync' };

// post_gifts() (its migration) notifies on this channel too.
const CHANNEL = 'sweetwish_changes';

/** Sends a change to every instance when the surrounding transaction commits (at once outside one). */
export async function notifyChange(db: Database, change: Change) {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`);
}

export type ChangeFeed = {
  /** Calls the handler for every change from now on; returns the unsubscribe function. */
  subscribe: (handler: (change: Change | Resync) => void) => () => void;
};

/** Listens for changes from every instance (this one included) and hands them to the subscribers. */
export async function startChangeFeed(database: DatabaseHandle, logger: Logger): Promise<ChangeFeed> {
  const handlers = new Set<(change: Change | Resync) => void>();
  const deliver = (change: Change | Resync) => {
    for (const handler of handlers) handler(change);
  };
  await database.listen(
    CHANNEL,
    (payload) => {
      try {
        deliver(JSON.parse(payload) as Change);
      } catch (err) {
        logger.error({ err }, 'unreadable change notification');
      }
    },
    () => {
      logger.warn('the change feed reconnected; resynchronising');
      deliver({ topic: 'resync' });
    },
  );
  return {
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
