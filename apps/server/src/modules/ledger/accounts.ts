/** Ledger account ids (the platform's are created by the ledger migrations). */
export const PLATFORM_ACCOUNTS = {
  revenue: 'platform:revenue',
  processing: 'platform:processing',
  disputeReceivable: 'platform:dispute_receivable',
  card: 'external:card',
  payout: 'external:payout',
  /** What refunds and disputes cost the platform (decision 017). */
  loss: 'platform:loss',
  forfeited: 'platform:forfeited',
  suspense: 'platform:suspense',
  /** Group gift contributions held until their wish is funded, one row per contribution (decision 033). */
  groupGiftsHeld: 'platform:group_gifts_held',
} as const;

/** A user's bought tokens (spend-only): created by the first top-up. */
export function walletAccountId(userId: string): string {
  return `wallet:${userId}`;
}

/** A user's earned tokens still clearing. */
export function pendingAccountId(userId: string): string {
  return `pending:${userId}`;
}

/** A user's cleared earned tokens: the only ones a withdrawal takes. */
export function earnedAccountId(userId: string): string {
  return `earned:${userId}`;
}

/** Stands for what the user can spend: ledger_post() takes bought, then available, then pending tokens. */
export function spendAccountId(userId: string): string {
  return `spend:${userId}`;
}

/** Every account a user owns. */
export function userAccountIds(userId: string): string[] {
  return [walletAccountId(userId), pendingAccountId(userId), earnedAccountId(userId)];
}
