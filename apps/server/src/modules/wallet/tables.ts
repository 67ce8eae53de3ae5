import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * The double-entry ledger (design.md section 3). Amounts are integer cents. Entries are append-only (a
 * trigger refuses UPDATE and DELETE) and the entries of one statement sum to zero per transfer (a
 * trigger checks it); postings go through the ledger_post() function of the ledger migration.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet',
  'platform_revenue',
  'processing',
  'dispute_receivable',
  'card_counterpart',
  'payout_counterpart',
] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** `wallet:{userId}` for a user's wallet; fixed ids for the platform's accounts. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').references(() => users.id),
    /**
     * Wallets cache their balance, changed in the same statement as their entries, and never go below 0.
     * Platform accounts are credited by every gift on the platform, so they cache nothing (null) and are
     * summed from their entries: a cached total would make every gift wait for the one before it.
     */
    balanceCents: bigint('balance_cents', { mode: 'number' }),
    /** A deleted user's wallet (emptied first): ledger_post() refuses to credit it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Open disputes of the owner's card payments: while any is open, ledger_post() refuses to debit it. */
    spendHolds: integer('spend_holds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_accounts_wallet_owner', sql`(${t.kind} = 'wallet') = (${t.userId} is not null)`),
    check('ledger_accounts_wallet_cached', sql`(${t.kind} = 'wallet') = (${t.balanceCents} is not null)`),
    check('ledger_accounts_wallet_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

export const LEDGER_TRANSFER_KINDS = [
  'top_up',
  'purchase',
  'tip',
  'withdrawal',
  'withdrawal_reversal',
  'dispute',
  'dispute_reversal',
] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

/** One business operation; posting the same idempotency key twice has no second effect. */
export const ledgerTransfers = pgTable('ledger_transfers', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: LEDGER_TRANSFER_KINDS }).notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The card provider's id for the money movement (a payment or transfer), where there is one. */
  externalRef: text('external_ref').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Positive credits, negative debits. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
  ],
);
