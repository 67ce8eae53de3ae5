import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { giftMessageSettings } from './tables';

export type GiftMessageSettingsRow = typeof giftMessageSettings.$inferSelect;
export type GiftMessageSettingsChanges = Partial<
  Omit<GiftMessageSettingsRow, 'userId' | 'controlSecret' | 'updatedAt' | 'shownSeq'>
>;

export async function findSettingsOfUser(db: Database, userId: string): Promise<GiftMessageSettingsRow | undefined> {
  const [row] = await db.select().from(giftMessageSettings).where(eq(giftMessageSettings.userId, userId));
  return row;
}

export async function findSettingsByControlSecret(db: Database, secret: string) {
  const [row] = await db.select().from(giftMessageSettings).where(eq(giftMessageSettings.controlSecret, secret));
  return row;
}

/** Makes the user's row with this control secret unless one exists. */
export async function insertSettings(db: Database, userId: string, controlSecret: string) {
  await db
    .insert(giftMessageSettings)
    .values({ userId, controlSecret })
    .onConflictDoNothing({ target: giftMessageSettings.userId });
}

export async function updateSettings(db: Database, userId: string, changes: GiftMessageSettingsChanges) {
  await db
    .update(giftMessageSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(giftMessageSettings.userId, userId));
}

export async function setControlSecret(db: Database, userId: string, controlSecret: string) {
  await db
    .update(giftMessageSettings)
    .set({ controlSecret, updatedAt: new Date() })
    .where(eq(giftMessageSettings.userId, userId));
}

/** An overlay began to show gift `seq`: the furthest shown, whichever overlay showed it, is kept. */
export async function recordShownSeq(db: Database, userId: string, seq: number) {
  await db
    .update(giftMessageSettings)
    .set({ shownSeq: sql`greatest(coalesce(${giftMessageSettings.shownSeq}, 0), ${seq})` })
    .where(eq(giftMessageSettings.userId, userId));
}

export async function deleteSettings(db: Database, userId: string) {
  await db.delete(giftMessageSettings).where(eq(giftMessageSettings.userId, userId));
}
