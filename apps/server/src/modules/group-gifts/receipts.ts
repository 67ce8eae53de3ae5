import type { Database } from '../../db/client';
import { findContribution } from './repo';

/** A contribution as its receipt tells it (decision 091): who paid, how much, for which wish, when. */
export async function describeContribution(db: Database, id: string) {
  const row = await findContribution(db, id);
  return row && { fanId: row.fanId, wishId: row.wishId, amountCents: row.amountCents, createdAt: row.createdAt };
}
