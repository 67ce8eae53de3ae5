/** Ledger account ids (the platform's are created by the ledger migration). */
export const PLATFORM_ACCOUNTS = {
  revenue: 'platform:revenue',
  processing: 'platform:processing',
  disputeReceivable: 'platform:dispute_receivable',
  card: 'external:card',
  payout: 'external:payout',
} as const;

/** A user's wallet: created by its first credit. */
export function walletAccountId(userId: string): string {
  return `wallet:${userId}`;
}
