import type { UpdateSettingsInput } from '@sweetwish/shared/settings';
import type { Database } from '../db/client';
import { announceMessagesFromFans } from '../modules/conversations/service';
import { updateSettings } from '../modules/settings/service';

/**
 * Changes a user's settings; when whether fans may message them changes, their conversations are told in the
 * same transaction, so an open conversation shows at once whether the fan can still write.
 */
export async function updateSettingsAndAnnounce(db: Database, userId: string, input: UpdateSettingsInput) {
  return db.transaction(async (tx) => {
    const updated = await updateSettings(tx, userId, input);
    if (input.fansCanMessage !== undefined) await announceMessagesFromFans(tx, userId);
    return updated;
  });
}
