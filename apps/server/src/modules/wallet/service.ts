import { formatTokens } from '@sweetwish/shared/money';
import { WITHDRAWAL_MIN_TOKENS } from '@sweetwish/shared/payouts-rules';
import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import type { Wallet } from '@sweetwish/shared/wallet';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  clearsAt,
  closeEmptyWallet,
  type Discrepancy,
  ensureUserAccounts,
  findDiscrepancies,
  findNewestPendingAt,
  findSpendHolds,
  findUserBalances,
  forfeitBalances,
  listPendingByDay,
} from '../ledger/service';

/** Pending days listed on the balance card at most. */
const PENDING_DAYS_LISTED = 60;

/**
 * The signed-in user's balances (decision 017): what they can spend (bought, available and pending earned),
 * what they can withdraw (available), and the pending amounts with the day each becomes available.
 */
export async function getWallet(db: Database, userId: string, clearingDays: number): Promise<Wallet> {
  const balances = await findUserBalances(db, userId);
  const pending = await listPendingByDay(db, userId, PENDING_DAYS_LISTED);
  return {
    balanceCents: balances.boughtCents + balances.availableCents + balances.pendingCents,
    ...balances,
    pending: pending.map((p) => ({
      amountCents: p.amountCents,
      availableAt: clearsAt(p.latest, clearingDays).toISOString(),
    })),
  };
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
    case 'lots':
      return `account ${d.accountId}: balance ${d.balanceCents} cents, its token lots hold ${d.lotsCents}`;
    case 'negative_wallet':
      return `account ${d.accountId}: wallet below zero (${d.balanceCents} cents)`;
  }
}

/**
 * Closes the user's wallet for good when it is empty (account deletion); otherwise answers the balance
 * that must be withdrawn first. Call inside the deletion's transaction.
 */
export async function closeWallet(db: Database, userId: string): Promise<{ isClosed: boolean; balanceCents: number }> {
  const balanceCents = await closeEmptyWallet(db, userId);
  return { isClosed: balanceCents === 0, balanceCents };
}

/**
 * Settles the wallet of an account being deleted, in the deletion's transaction (decision 017), or throws
 * the reason it cannot be yet: an open dispute; pending earnings (until they clear, with the date);
 * available earnings of at least the withdrawal minimum (withdraw them first). A smaller remainder, and any
 * bought tokens, can be given up: only when `forfeitCents` names exactly that amount. Then the accounts close.
 */
export async function settleWalletForDeletion(
  db: Database,
  userId: string,
  options: { forfeitCents?: number | undefined; clearingDays: number },
): Promise<void> {
  await ensureUserAccounts(db, userId);
  const balances = await findUserBalances(db, userId, { lock: true });
  if ((await findSpendHolds(db, userId)) > 0) throw new AppError('CONFLICT', SETTINGS_MESSAGES.disputeOpen);
  if (balances.pendingCents > 0) {
    const newest = (await findNewestPendingAt(db, userId)) ?? new Date();
    const date = clearsAt(newest, options.clearingDays).toLocaleDateString('en-US', { dateStyle: 'medium' });
    throw new AppError('CONFLICT', SETTINGS_MESSAGES.pendingEarnings(date));
  }
  if (balances.availableCents >= WITHDRAWAL_MIN_TOKENS * 100) {
    throw new AppError('CONFLICT', SETTINGS_MESSAGES.withdrawFirst);
  }
  const remainder = balances.boughtCents + balances.availableCents;
  if (remainder > 0) {
    if (options.forfeitCents !== remainder) {
      throw new AppError('CONFLICT', SETTINGS_MESSAGES.confirmForfeit(`${formatTokens(remainder)} tokens`), {
        forfeitCents: String(remainder),
      });
    }
    await forfeitBalances(db, userId, balances);
  }
  if ((await closeEmptyWallet(db, userId)) !== 0) throw new Error('the wallet did not empty');
}
