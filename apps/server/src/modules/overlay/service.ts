import { randomBytes } from 'node:crypto';
import {
  ANONYMOUS_NAME,
  LEADERBOARD_SIZE,
  type OverlayAlert,
  type OverlayGoal,
  type OverlaySettings,
  type OverlayState,
  type StartGoalInput,
  type UpdateOverlaySettingsInput,
} from '@sweetwish/shared/overlay';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { overlayMessageState } from '../gifts/gift-messages';
import { giftsTotalSinceAt, type OverlayGift, topGiftersSince } from '../gifts/service';
import { getWishSnapshot } from '../wishes/service';
import {
  deleteOverlay,
  findOverlayBySecret,
  findOverlayOfUser,
  insertOverlay,
  type OverlayRow,
  updateOverlay,
} from './repo';

const OVERLAY_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url (43 characters): not guessable, fits a URL as is. */
export function newOverlaySecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The user's overlay row, made with a new secret on first use. */
async function overlayOf(db: Database, userId: string): Promise<OverlayRow> {
  const found = await findOverlayOfUser(db, userId);
  if (found) return found;
  await insertOverlay(db, userId, newOverlaySecret());
  const made = await findOverlayOfUser(db, userId);
  if (!made) throw new Error('the overlay row was not made');
  return made;
}

async function goalOf(db: Database, row: OverlayRow): Promise<OverlayGoal | null> {
  if (!row.goalStartedAt || row.goalTargetCents === null) return null;
  const wish = row.goalWishId ? await getWishSnapshot(db, row.goalWishId) : undefined;
  return {
    wishId: row.goalWishId,
    name: wish?.name ?? row.goalTitle,
    image: wish?.image ?? null,
    targetCents: row.goalTargetCents,
    startedAt: row.goalStartedAt.toISOString(),
    reachedAt: row.goalReachedAt?.toISOString() ?? null,
  };
}

/** The owner's overlay settings, secret included: only ever answered to the signed-in owner. */
export async function getOverlaySettings(db: Database, userId: string): Promise<OverlaySettings> {
  const row = await overlayOf(db, userId);
  return {
    secret: row.secret,
    showAlerts: row.showAlerts,
    showGoal: row.showGoal,
    showLeaderboard: row.showLeaderboard,
    minTokens: row.minTokens,
    isSoundOn: row.isSoundOn,
    leaderboardPeriod: row.leaderboardPeriod,
    goal: await goalOf(db, row),
  };
}

export async function updateOverlaySettings(
  db: Database,
  userId: string,
  input: UpdateOverlaySettingsInput,
): Promise<OverlaySettings> {
  await db.transaction(async (tx) => {
    await overlayOf(tx, userId);
    await updateOverlay(tx, userId, input);
    await notifyChange(tx, { topic: 'overlay', userId, what: 'settings' });
  });
  return getOverlaySettings(db, userId);
}

/** Starts a goal now: gifts from this moment fill it. A wish's target is its price now. */
export async function startGoal(db: Database, userId: string, input: StartGoalInput): Promise<OverlaySettings> {
  let target: { wishId: string | null; cents: number; title: string | null };
  if ('wishId' in input) {
    const wish = await getWishSnapshot(db, input.wishId);
    if (!wish || wish.sellerId !== userId) throw new AppError('NOT_FOUND', 'Product does not exist.');
    target = { wishId: input.wishId, cents: wish.cost * 100, title: null };
  } else {
    target = { wishId: null, cents: input.tokens * 100, title: input.title ?? null };
  }
  await db.transaction(async (tx) => {
    await overlayOf(tx, userId);
    await updateOverlay(tx, userId, {
      goalWishId: target.wishId,
      goalTargetCents: target.cents,
      goalTitle: target.title,
      goalStartedAt: new Date(),
      goalReachedAt: null,
    });
    await notifyChange(tx, { topic: 'overlay', userId, what: 'settings' });
  });
  return getOverlaySettings(db, userId);
}

export async function stopGoal(db: Database, userId: string): Promise<OverlaySettings> {
  await db.transaction(async (tx) => {
    await overlayOf(tx, userId);
    await updateOverlay(tx, userId, {
      goalWishId: null,
      goalTargetCents: null,
      goalTitle: null,
      goalStartedAt: null,
      goalReachedAt: null,
    });
    await notifyChange(tx, { topic: 'overlay', userId, what: 'settings' });
  });
  return getOverlaySettings(db, userId);
}

/** A new secret address; the old one stops at once, on every instance, open overlays included. */
export async function regenerateOverlaySecret(db: Database, userId: string): Promise<OverlaySettings> {
  await db.transaction(async (tx) => {
    await overlayOf(tx, userId);
    await updateOverlay(tx, userId, { secret: newOverlaySecret() });
    await notifyChange(tx, { topic: 'overlay', userId, what: 'secret' });
  });
  return getOverlaySettings(db, userId);
}

/** Shows a sample alert on the creator's open overlays: marked a test, stored nowhere. */
export async function sendTestAlert(db: Database, userId: string): Promise<void> {
  await overlayOf(db, userId);
  await notifyChange(db, { topic: 'overlay', userId, what: 'test' });
}

export const TEST_ALERT: OverlayAlert = {
  kind: 'tip',
  name: 'Test Fan',
  amountCents: 500,
  wish: null,
  isTest: true,
  message: 'This is a test message. Thank you for the stream!',
  approvedId: null,
  isReplay: false,
};

/** The overlay a secret opens, or the same 404 as any unknown address. */
export async function getOverlayBySecret(db: Database, secret: string): Promise<OverlayRow> {
  // Every secret is 43 characters: anything else is not looked up.
  const row = OVERLAY_SECRET.test(secret) ? await findOverlayBySecret(db, secret) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Not found');
  return row;
}

export async function findOverlay(db: Database, userId: string): Promise<OverlayRow | undefined> {
  return findOverlayOfUser(db, userId);
}

/** The alert a gift shows, or null when the creator chose not to show it (alerts off, under the minimum). */
export function alertOf(row: Pick<OverlayRow, 'showAlerts' | 'minTokens'>, gift: OverlayGift): OverlayAlert | null {
  if (!row.showAlerts || gift.costCents < row.minTokens * 100) return null;
  // A held message's gift waits for the creator: approved, it comes as an alert of its own (decision 100).
  if (gift.messageState !== null && gift.messageState !== 'shown') return null;
  return {
    kind: gift.type === 'tip' ? 'tip' : 'gift',
    // A group gift's grant is one alert for all its contributors.
    name: gift.contributors > 1 ? `${gift.contributors} fans` : (gift.buyerName ?? ANONYMOUS_NAME),
    amountCents: gift.costCents,
    wish: gift.product,
    isTest: false,
    message: gift.message,
    approvedId: null,
    isReplay: false,
  };
}

/** Midnight UTC of the day of `now`: where "today" starts for the leaderboard. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** What the overlay shows besides alerts: only what the creator chose. */
export async function overlayState(db: Database, row: OverlayRow, now = new Date()): Promise<OverlayState> {
  const goal = row.showGoal ? await goalOf(db, row) : null;
  const progressCents = goal ? await giftsTotalSinceAt(db, row.userId, new Date(goal.startedAt)) : 0;
  let leaderboard: OverlayState['leaderboard'] = null;
  if (row.showLeaderboard) {
    const since = row.leaderboardPeriod === 'goal' ? row.goalStartedAt : startOfUtcDay(now);
    leaderboard = since
      ? (await topGiftersSince(db, row.userId, since, LEADERBOARD_SIZE)).map((r) => ({
          name: r.buyerName ?? ANONYMOUS_NAME,
          amountCents: r.totalCents,
        }))
      : [];
  }
  return {
    showAlerts: row.showAlerts,
    isSoundOn: row.isSoundOn,
    goal: goal && {
      name: goal.name,
      image: goal.image,
      targetCents: goal.targetCents,
      progressCents,
      reachedAt: goal.reachedAt,
    },
    leaderboard,
    leaderboardPeriod: row.leaderboardPeriod,
    ...(await overlayMessageState(db, row.userId)),
  };
}

/** Call in the transaction that deletes the account: its overlay stops. */
export async function forgetOverlay(db: Database, userId: string): Promise<void> {
  await deleteOverlay(db, userId);
}
