import { randomBytes } from 'node:crypto';
import {
  blockedWordIn,
  DEFAULT_BLOCKED_WORDS,
  GIFT_MESSAGE_TEXTS,
  storedGiftMessage,
} from '@sweetwish/shared/gift-message-rules';
import type {
  ControlAction,
  ControlQueue,
  GiftMessageSettings,
  UpdateGiftMessageSettingsInput,
} from '@sweetwish/shared/gift-messages';
import { ANONYMOUS_NAME } from '@sweetwish/shared/overlay';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isEitherBlocked } from '../safety/blocks';
import {
  deleteSettings,
  findSettingsByControlSecret,
  findSettingsOfUser,
  type GiftMessageSettingsRow,
  insertSettings,
  recordShownSeq,
  setControlSecret,
  updateSettings,
} from './message-settings-repo';
import { decideHeldMessage, heldMessages, lastGiftSeqBefore, latestGiftSeq } from './messages';

/** Fans' messages with gifts: held for review, read aloud on stream, on the supporters wall (decision 100). */

const CONTROL_SECRET = /^[A-Za-z0-9_-]{43}$/;
/** How many held messages the control page lists at once. */
const HELD_LIMIT = 50;
/**
 * An overlay opened again within this time of a gift resumes after the last alert shown (a restart, a
 * reload of the browser source); gifts older than this are not shown when it opens (no replay of the night
 * before, decision 031).
 */
export const RESUME_WINDOW_MS = 10 * 60 * 1000;

/**
 * The message a fan sends with a gift or tip, as stored: null without one; held when it contains one of the
 * creator's blocked words or the creator holds every message. A fan blocked by the creator, or who blocked
 * them, cannot send one (decision 028: neither may message the other).
 */
export async function messageOfGift(
  db: Database,
  buyerId: string,
  sellerId: string,
  message: string | undefined,
): Promise<{ text: string; state: 'shown' | 'held' } | null> {
  const text = storedGiftMessage(message);
  if (text === null) return null;
  if (await isEitherBlocked(db, buyerId, sellerId)) throw new AppError('FORBIDDEN', GIFT_MESSAGE_TEXTS.blocked);
  const row = await findSettingsOfUser(db, sellerId);
  const isHeld = (row?.holdEveryMessage ?? false) || blockedWordIn(text, blockedWordsOf(row)) !== null;
  return { text, state: isHeld ? 'held' : 'shown' };
}

function blockedWordsOf(row: GiftMessageSettingsRow | undefined): readonly string[] {
  return row?.blockedWords ?? DEFAULT_BLOCKED_WORDS;
}

/** 32 random bytes, base64url (43 characters), as the overlay's (decision 031). */
const newSecret = () => randomBytes(32).toString('base64url');

/** The user's row, made with a new control secret on first use. */
async function settingsOf(db: Database, userId: string): Promise<GiftMessageSettingsRow> {
  const found = await findSettingsOfUser(db, userId);
  if (found) return found;
  await insertSettings(db, userId, newSecret());
  const made = await findSettingsOfUser(db, userId);
  if (!made) throw new Error('the gift message settings row was not made');
  return made;
}

function toSettings(row: GiftMessageSettingsRow): GiftMessageSettings {
  return {
    blockedWords: [...blockedWordsOf(row)],
    holdEveryMessage: row.holdEveryMessage,
    isSpeechOn: row.isSpeechOn,
    speechVoice: row.speechVoice,
    speechVolume: row.speechVolume,
    speechMinTokens: row.speechMinTokens,
    speechMaxSeconds: row.speechMaxSeconds,
    isWallOn: row.isWallOn,
    controlSecret: row.controlSecret,
  };
}

/** The owner's settings, the control page's secret included: only ever answered to the signed-in owner. */
export async function getGiftMessageSettings(db: Database, userId: string): Promise<GiftMessageSettings> {
  return toSettings(await settingsOf(db, userId));
}

export async function updateGiftMessageSettings(
  db: Database,
  userId: string,
  input: UpdateGiftMessageSettingsInput,
): Promise<GiftMessageSettings> {
  const { blockedWords, ...rest } = input;
  await db.transaction(async (tx) => {
    await settingsOf(tx, userId);
    await updateSettings(tx, userId, {
      ...rest,
      ...(blockedWords === undefined ? {} : { blockedWords: [...new Set(blockedWords)] }),
    });
    await notifyChange(tx, { topic: 'overlay-control', userId, action: 'settings' });
  });
  return getGiftMessageSettings(db, userId);
}

/** A new control address; the old one stops at once. */
export async function regenerateControlSecret(db: Database, userId: string): Promise<GiftMessageSettings> {
  await settingsOf(db, userId);
  await setControlSecret(db, userId, newSecret());
  return getGiftMessageSettings(db, userId);
}

/** The creator whose control page a secret opens, or the same 404 as any unknown address. */
async function creatorOfControl(db: Database, secret: string): Promise<GiftMessageSettingsRow> {
  const row = CONTROL_SECRET.test(secret) ? await findSettingsByControlSecret(db, secret) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Not found');
  return row;
}

export async function getControlQueue(db: Database, secret: string): Promise<ControlQueue> {
  const row = await creatorOfControl(db, secret);
  const held = await heldMessages(db, row.userId, HELD_LIMIT);
  return {
    isPaused: row.isPaused,
    held: held.map((gift) => ({
      purchaseId: gift.id,
      kind: gift.type === 'tip' ? 'tip' : 'gift',
      name: gift.buyerName ?? ANONYMOUS_NAME,
      amountCents: gift.costCents,
      message: gift.message ?? '',
      createdAt: gift.createdAt.toISOString(),
    })),
  };
}

/** Acts from the control page; open overlays hear it on every instance. */
export async function actOnControl(db: Database, secret: string, input: ControlAction): Promise<ControlQueue> {
  const row = await creatorOfControl(db, secret);
  const userId = row.userId;
  await db.transaction(async (tx) => {
    if (input.action === 'approve' || input.action === 'reject') {
      const decision = input.action === 'approve' ? 'approved' : 'skipped';
      if (!(await decideHeldMessage(tx, userId, input.purchaseId, decision))) {
        throw new AppError('NOT_FOUND', 'This message is no longer waiting for review.');
      }
      if (decision === 'approved') await notifyChange(tx, { topic: 'overlay-control', userId, action: 'approved' });
    } else if (input.action === 'pause' || input.action === 'resume') {
      await updateSettings(tx, userId, { isPaused: input.action === 'pause' });
      await notifyChange(tx, { topic: 'overlay-control', userId, action: 'settings' });
    } else {
      await notifyChange(tx, { topic: 'overlay-control', userId, action: input.action });
    }
  });
  return getControlQueue(db, secret);
}

/** An overlay began to show gift `seq`: a restart resumes after it. */
export async function recordAlertShown(db: Database, userId: string, seq: number): Promise<void> {
  await settingsOf(db, userId);
  await recordShownSeq(db, userId, seq);
}

/**
 * Where an overlay opened without a resume point starts: after the last alert an overlay of the creator
 * began to show, so a restarted overlay neither repeats nor loses one; never before the gifts of the last
 * RESUME_WINDOW_MS; after the latest gift when none was ever shown.
 */
export async function overlayStartSeq(db: Database, userId: string, now = new Date()): Promise<number> {
  const latest = await latestGiftSeq(db, userId);
  const shown = (await findSettingsOfUser(db, userId))?.shownSeq;
  if (shown === null || shown === undefined) return latest;
  const stale = await lastGiftSeqBefore(db, userId, new Date(now.getTime() - RESUME_WINDOW_MS));
  return Math.min(latest, Math.max(shown, stale));
}

/** The last gift number an overlay of the creator began to show, or null. */
export async function overlayResumePoint(db: Database, userId: string): Promise<number | null> {
  return (await findSettingsOfUser(db, userId))?.shownSeq ?? null;
}

/** The speech and pause settings an overlay follows (in its state). */
export async function overlayMessageState(db: Database, userId: string) {
  const row = await findSettingsOfUser(db, userId);
  return {
    isPaused: row?.isPaused ?? false,
    speech: row?.isSpeechOn
      ? {
          voice: row.speechVoice,
          volume: row.speechVolume,
          minTokens: row.speechMinTokens,
          maxSeconds: row.speechMaxSeconds,
        }
      : null,
  };
}

/** Call in the transaction that deletes the account. */
export async function forgetGiftMessageSettings(db: Database, userId: string): Promise<void> {
  await deleteSettings(db, userId);
}
