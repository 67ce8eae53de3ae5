import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { recordCreatorEvent } from '../webhooks/service';
import { markGoalReachedIfDue } from './repo';

export type ReachedGoal = {
  creatorId: string;
  /** The goal's wish, or null for a token target. */
  wishId: string | null;
  targetCents: number;
  startedAt: Date;
  reachedAt: Date;
};

/**
 * THE place where a creator's overlay goal becomes reached (decision 031): when gifts since the goal's start
 * reach its target, `goal_reached_at` is set by one guarded update, so a goal is reached exactly once
 * whichever instances call this at once, and the change `{ topic: 'overlay', what: 'goal-reached' }` leaves
 * on commit (open overlays celebrate). Called on every instance when a creator receives a gift (the change
 * feed's `received`) and when an overlay connects, so a crash between a gift and this call is made up by
 * the next call. The creator's `goal.reached` webhook event is recorded in the same transaction: once.
 * Answers the goal it marked, or undefined when nothing became reached.
 */
export async function recordGoalReached(db: Database, creatorId: string): Promise<ReachedGoal | undefined> {
  return db.transaction(async (tx) => {
    const row = await markGoalReachedIfDue(tx, creatorId);
    if (!row?.startedAt || !row.reachedAt || row.targetCents === null) return undefined;
    const reached: ReachedGoal = {
      creatorId,
      wishId: row.wishId,
      targetCents: row.targetCents,
      startedAt: row.startedAt,
      reachedAt: row.reachedAt,
    };
    await notifyChange(tx, { topic: 'overlay', userId: creatorId, what: 'goal-reached' });
    await recordCreatorEvent(tx, creatorId, 'goal.reached', {
      wishId: reached.wishId,
      targetTokens: reached.targetCents / 100,
      startedAt: reached.startedAt.toISOString(),
      reachedAt: reached.reachedAt.toISOString(),
    });
    return reached;
  });
}
