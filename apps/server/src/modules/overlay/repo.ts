import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { giftsTotalSince } from '../gifts/service';
import { overlaySettings } from './tables';

const columns = {
  userId: overlaySettings.userId,
  secret: overlaySettings.secret,
  showAlerts: overlaySettings.showAlerts,
  showGoal: overlaySettings.showGoal,
  showLeaderboard: overlaySettings.showLeaderboard,
  minTokens: overlaySettings.minTokens,
  isSoundOn: overlaySettings.isSoundOn,
  leaderboardPeriod: overlaySettings.leaderboardPeriod,
  goalWishId: overlaySettings.goalWishId,
  goalTargetCents: overlaySettings.goalTargetCents,
  goalTitle: overlaySettings.goalTitle,
  goalStartedAt: overlaySettings.goalStartedAt,
  goalReachedAt: overlaySettings.goalReachedAt,
};

export type OverlayRow = {
  userId: string;
  secret: string;
  showAlerts: boolean;
  showGoal: boolean;
  showLeaderboard: boolean;
  minTokens: number;
  isSoundOn: boolean;
  leaderboardPeriod: 'today' | 'goal';
  goalWishId: string | null;
  goalTargetCents: number | null;
  goalTitle: string | null;
  goalStartedAt: Date | null;
  goalReachedAt: Date | null;
};

export async function findOverlayOfUser(db: Database, userId: string): Promise<OverlayRow | undefined> {
  const [row] = await db.select(columns).from(overlaySettings).where(eq(overlaySettings.userId, userId));
  return row;
}

export async function findOverlayBySecret(db: Database, secret: string): Promise<OverlayRow | undefined> {
  const [row] = await db.select(columns).from(overlaySettings).where(eq(overlaySettings.secret, secret));
  return row;
}

/** Makes the user's overlay row with this secret unless one exists. */
export async function insertOverlay(db: Database, userId: string, secret: string) {
  await db.insert(overlaySettings).values({ userId, secret }).onConflictDoNothing({ target: overlaySettings.userId });
}

export type OverlayChanges = Partial<
  Pick<
    OverlayRow,
    | 'secret'
    | 'showAlerts'
    | 'showGoal'
    | 'showLeaderboard'
    | 'minTokens'
    | 'isSoundOn'
    | 'leaderboardPeriod'
    | 'goalWishId'
    | 'goalTargetCents'
    | 'goalTitle'
    | 'goalStartedAt'
    | 'goalReachedAt'
  >
>;

export async function updateOverlay(db: Database, userId: string, changes: OverlayChanges) {
  await db
    .update(overlaySettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(overlaySettings.userId, userId));
}

/**
 * Marks the user's current goal reached if gifts since its start reach its target and it was not marked
 * before: one guarded statement, so of instances racing to mark it one does. Answers the goal it marked.
 */
export async function markGoalReachedIfDue(db: Database, userId: string) {
  const total = giftsTotalSince(sql`${userId}`, sql`${overlaySettings.goalStartedAt}`);
  const [row] = await db
    .update(overlaySettings)
    .set({ goalReachedAt: sql`now()` })
    .where(
      and(
        eq(overlaySettings.userId, userId),
        isNotNull(overlaySettings.goalStartedAt),
        isNull(overlaySettings.goalReachedAt),
        sql`${total} >= ${overlaySettings.goalTargetCents}`,
      ),
    )
    .returning({
      wishId: overlaySettings.goalWishId,
      targetCents: overlaySettings.goalTargetCents,
      startedAt: overlaySettings.goalStartedAt,
      reachedAt: overlaySettings.goalReachedAt,
    });
  return row;
}

export async function deleteOverlay(db: Database, userId: string) {
  await db.delete(overlaySettings).where(eq(overlaySettings.userId, userId));
}
