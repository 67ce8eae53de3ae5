import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payoutAccounts } from './tables';

/** Whether the user finished payout onboarding (the home screen's checklist). */
export async function hasPayoutsSetUp(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ payoutsEnabled: payoutAccounts.payoutsEnabled })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  return row?.payoutsEnabled ?? false;
}
