import type { Wallet } from '@sweetwish/shared/wallet';
import type { Database } from '../../db/client';
import { walletAccountId } from './accounts';
import { closeEmptyWallet, type Discrepancy, findDiscrepancies, findWalletBalance } from './repo';

/** The signed-in user's spendable balance; 0 before their first top-up or gift. */
export async function getWallet(db: Database, userId: string): Promise<Wallet> {
  return { balanceCents: (await findWalletBalance(db, walletAccountId(userId))) ?? 0 };
}

/** "ok", or one line per discrepancy (npm run reconcile). */
export async function reconcile(db: Database): Promise<{ isOk: boolean; lines: string[] }> {
  const discrepancies = await findDiscrepancies(db);
  return { isOk: discrepancies.length === 0, lines: discrepancies.length ? discrepancies.map(describe) : ['ok'] };
}

function describe(d: Discrepancy): string {
  switch (d.kind) {
    case 'unbalanced_transfer':
      return `transfer ${d.transferId}: entries sum to ${d.sumCents} cents (or it has fewer than two)`;
    case 'cached_balance':
      return `account ${d.accountId}: cached balance ${d.cachedCents} cents, entries sum to ${d.entriesCents}`;
    case 'negative_wallet':
      return `account ${d.accountId}: wallet below zero (${d.balanceCents} cents)`;
  }
}

/**
 * Closes the user's wallet for good when it is empty (account deletion); otherwise answers the balance
 * that must be withdrawn first. Call inside the deletion's transaction.
 */
export async function closeWallet(db: Database, userId: string): Promise<{ isClosed: boolean; balanceCents: number }> {
  const balanceCents = await closeEmptyWallet(db, walletAccountId(userId), userId);
  return { isClosed: balanceCents === 0, balanceCents };
}
