import { MIN_WITHDRAWAL_TOKENS } from '@sweetwish/shared/fees';
import { CENTS_PER_TOKEN } from '@sweetwish/shared/money';
import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import type { Wallet } from '@sweetwish/shared/wallet';

/**
 * Why the server would refuse to delete this account, read from the wallet before the irreversible confirm
 * (the server's own rules, settleWalletForDeletion): earnings still pending (with the last day they clear),
 * or earnings to withdraw first. Null when the wallet does not stand in the way; the server still decides.
 */
export function deletionBlocker(wallet: Wallet | undefined): string | null {
  if (!wallet) return null;
  const lastPending = wallet.pending.at(-1);
  if (wallet.pendingCents > 0 && lastPending) {
    const date = new Date(lastPending.availableAt).toLocaleDateString('en-US', { dateStyle: 'medium' });
    return SETTINGS_MESSAGES.pendingEarnings(date);
  }
  if (wallet.availableCents >= MIN_WITHDRAWAL_TOKENS * CENTS_PER_TOKEN) return SETTINGS_MESSAGES.withdrawFirst;
  return null;
}
