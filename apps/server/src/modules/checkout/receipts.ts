import type { Database } from '../../db/client';
import { findTopUp } from './repo';

/** A top-up as its receipt tells it (decision 091): credited (paid) or not, the tokens, what the card paid, when. */
export async function describeTopUp(db: Database, id: string) {
  const row = await findTopUp(db, id);
  return (
    row && {
      userId: row.userId,
      status: row.status,
      quantity: row.quantity,
      totalCents: row.totalCents,
      paidAt: row.paidAt ?? row.createdAt,
    }
  );
}
