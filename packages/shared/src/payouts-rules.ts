import { formatTokens } from './money';

/**
 * Payout and withdrawal rules without schemas (the web app uses them without loading zod): product.md sections
 * 2, 4, 5, 8 and 9.
 */
export const WITHDRAWAL_MIN_TOKENS = 50;
export const WITHDRAWAL_MAX_TOKENS = 999_999;

export const PAYOUT_MESSAGES = {
  setUp: 'Set up your payout account to start receiving withdrawals',
  setUpButton: 'Set Up Payouts',
  update: 'Update your account information to enable withdrawals',
  updateButton: 'Update Account',
  loadingStatus: 'Loading account status...',
  updateFailed: 'Failed to update account',
  loadFailed: 'Failed to load account',
  unavailable: 'Payouts are not available right now: card payments are not set up on this server.',
  minimum: `Minimum withdrawal amount is $${formatTokens(WITHDRAWAL_MIN_TOKENS * 100)}`,
  notANumber: 'Amount must be a number',
  insufficient: 'Insufficient balance',
  submitted: 'Withdrawal submitted successfully',
  submitFailed: 'Failed to submit withdrawal',
  noHistory: 'No withdrawal history yet',
  loadingHistory: 'Loading withdrawal history...',
  processingTime: 'Withdrawals typically take 3-5 business days to arrive.',
} as const;

export type PayoutAccountState = 'setup' | 'update' | 'ok';

/** The Request Withdrawal card's state (product.md section 4, Payout account status). */
export function payoutAccountState(account: { payoutsEnabled: boolean } | null): PayoutAccountState {
  if (!account) return 'setup';
  return account.payoutsEnabled ? 'ok' : 'update';
}

/** What the withdrawal field keeps of what is typed: digits only (product.md section 5). */
export function keepDigits(typed: string): string {
  return typed.replace(/\D/g, '');
}

/**
 * pending: the transfer is not made yet (retried, or waiting for the platform's funds); in_transit: on its
 * way to the bank; paid: at the bank; payout_failed: the bank refused it; failed: the money is back.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'payout_failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The history table's Status column (architecture.md section 11: "Completed" once the money reached the bank;
 * pending and failed ones say so).
 */
export function withdrawalStatusLabel(status: WithdrawalStatus): string {
  return {
    pending: 'Pending',
    in_transit: 'In transit',
    paid: 'Completed',
    failed: 'Failed',
    payout_failed: 'Payout failed',
  }[status];
}

/** The earnings statement's kinds of line (issue: payouts, the earnings statement). */
export const STATEMENT_KINDS = [
  'top_up',
  'gift_sent',
  'tip_sent',
  'gift_received',
  'tip_received',
  'affiliate_share',
  'withdrawal',
  'withdrawal_reversal',
  'dispute',
  'dispute_reversal',
  'refund',
  'refund_reversal',
  'forfeit',
  'group_gift_contribution',
  'group_gift_return',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_KIND_LABELS: Readonly<Record<StatementKind, string>> = {
  top_up: 'Token top-up',
  gift_sent: 'Gift sent',
  tip_sent: 'Tip sent',
  gift_received: 'Gift received',
  tip_received: 'Tip received',
  affiliate_share: 'Affiliate share',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal returned',
  dispute: 'Card payment disputed',
  dispute_reversal: 'Dispute won: returned',
  refund: 'Card payment refunded',
  refund_reversal: 'Refund failed: returned',
  forfeit: 'Remainder given up',
  group_gift_contribution: 'Group gift contribution',
  group_gift_return: 'Group gift contribution returned',
};
