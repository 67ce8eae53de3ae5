import type { Database } from '../../db/client';
import { earnedAccountId, type LedgerTransfer, PLATFORM_ACCOUNTS, postTransfer } from '../ledger/service';
import { markWithdrawalFailed } from './repo';

/**
 * Available earned tokens pay the payout account's counterpart (architecture.md section 3, decision 017): bought
 * and pending tokens are never withdrawn. Its reversal gives them back as available.
 */
export function withdrawalTransfer(row: { id: string; userId: string; amountCents: number }, isReversal: boolean) {
  const sign = isReversal ? -1 : 1;
  return {
    kind: isReversal ? 'withdrawal_reversal' : 'withdrawal',
    idempotencyKey: `${isReversal ? 'withdrawal_reversal' : 'withdrawal'}:${row.id}`,
    entries: [
      { accountId: earnedAccountId(row.userId), amountCents: -sign * row.amountCents },
      { accountId: PLATFORM_ACCOUNTS.payout, amountCents: sign * row.amountCents },
    ],
  } satisfies LedgerTransfer;
}

/**
 * Fails a withdrawal and gives its money back, once: the status change and the reversal commit together
 * (inside a caller's transaction too), and the reversal's key is the withdrawal's.
 */
export async function failWithdrawal(db: Database, id: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await markWithdrawalFailed(tx, id, message);
    if (row) await postTransfer(tx, withdrawalTransfer(row, true));
  });
}
