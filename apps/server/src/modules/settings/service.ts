import type { Settings, UpdateSettingsInput } from '@sweetwish/shared/settings';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getNotificationAddress } from '../accounts/service';
import { deleteSettings, findSettings, type SettingsRow, upsertSettings } from './repo';

export async function getSettings(db: Database, userId: string): Promise<Settings> {
  const address = await getNotificationAddress(db, userId);
  if (!address) throw new AppError('UNAUTHENTICATED', 'No user');
  const settings = (await findSettings(db, [userId])).get(userId) as SettingsRow;
  return { ...settings, notificationChannel: address.channel };
}

export async function updateSettings(db: Database, userId: string, input: UpdateSettingsInput): Promise<Settings> {
  await upsertSettings(db, userId, input);
  return getSettings(db, userId);
}

/** The settings of several users at once (who may be notified, who takes messages from fans). */
export async function getSettingsOf(db: Database, userIds: string[]): Promise<Map<string, SettingsRow>> {
  return findSettings(db, userIds);
}

/** Call in the transaction that deletes the account. */
export async function forgetSettings(db: Database, userId: string): Promise<void> {
  await deleteSettings(db, userId);
}
