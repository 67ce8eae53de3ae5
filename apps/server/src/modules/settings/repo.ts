import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userSettings } from './tables';

export type SettingsRow = { notifyGifts: boolean; notifyMessages: boolean; fansCanMessage: boolean };

const DEFAULTS: SettingsRow = { notifyGifts: true, notifyMessages: true, fansCanMessage: true };

const settingsColumns = {
  userId: userSettings.userId,
  notifyGifts: userSettings.notifyGifts,
  notifyMessages: userSettings.notifyMessages,
  fansCanMessage: userSettings.fansCanMessage,
};

/** Each user's settings; the defaults for users who never changed any. */
export async function findSettings(db: Database, userIds: string[]): Promise<Map<string, SettingsRow>> {
  const rows = userIds.length
    ? await db.select(settingsColumns).from(userSettings).where(inArray(userSettings.userId, userIds))
    : [];
  const byUser = new Map(userIds.map((id) => [id, DEFAULTS]));
  for (const { userId, ...row } of rows) byUser.set(userId, row);
  return byUser;
}

export async function upsertSettings(db: Database, userId: string, changes: Partial<SettingsRow>) {
  await db
    .insert(userSettings)
    .values({ userId, ...DEFAULTS, ...changes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } });
}

export async function deleteSettings(db: Database, userId: string) {
  await db.delete(userSettings).where(eq(userSettings.userId, userId));
}
