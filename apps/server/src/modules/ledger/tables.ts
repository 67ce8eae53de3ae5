import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * The double-entry ledger (architecture.md section 3). Amounts are integer cents. Entries are append-only (a
 * trigger refuses UPDATE and DELETE) and the entries of one statement sum to zero per transfer (a
 * trigger checks it); postings go through the ledger_post() function of the ledger migration.
 */
export const LEDGER_ACCOUNT_KINDS = [
  /** A user's bought tokens (`wallet:{userId}`): spend-only. */
  'wallet',
  /** A user's earned tokens still clearing (`pending:{userId}`): spendable, not withdrawable. */
  'earned_pending',
  /** A user's cleared earned tokens (`earned:{userId}`): spendable and withdrawable. */
  'earned_available',
  'platform_revenue',
  'processing',
  'dispute_receivable',
  'card_counterpart',
  'payout_counterpart',
  /** What refunds and disputes cost the platform: earnings already withdrawn, the provider's dispute fees. */
  'platform_loss',
  /** Remainders under the withdrawal minimum given up when an account is deleted. */
  'forfeited',
  /** Credits that arrived for a closed wallet, kept for support to settle. */
  'suspense',
  /** Group gift contributions held until their wish is funded (decision 033). */
  'group_gifts_held',
] as const;

/** The kinds of account a user owns (each caches its balance, never below zero). */
export const USER_ACCOUNT_KINDS = ['wallet', 'earned_pending', 'earned_available'] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** `wallet:`, `pending:` or `earned:` and the user id for a user's accounts; fixed ids for the platform's. */
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
    check(
      'ledger_accounts_wallet_owner',
      sql`(${t.kind} in ('wallet', 'earned_pending', 'earned_available')) = (${t.userId} is not null)`,
    ),
    check(
      'ledger_accounts_wallet_cached',
      sql`(${t.kind} in ('wallet', 'earned_pending', 'earned_available')) = (${t.balanceCents} is not null)`,
    ),
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
  /** Pending earnings that cleared: pending to available. */
  'clearing',
  /** A refund of a top-up taking its tokens back (and the earnings they paid for). */
  'refund',
  /** A refund that failed giving back what it took (decision 044). */
  'refund_reversal',
  /** The start-up move of balances held before two kinds of token existed. */
  'token_kinds_migration',
  /** A small remainder given up on account deletion. */
  'forfeit',
  /** A fan's tokens into a group gift, held until it is funded (decision 033). */
  'group_gift_contribution',
  /** A held contribution back to its fan, as the kinds of token it was paid with (decision 033). */
  'group_gift_return',
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

export const TOKEN_LOT_KINDS = ['bought', 'earned'] as const;

/**
 * Where a user's tokens came from (decision 017). A bought lot is one top-up's tokens, its remainder what
 * the wallet still holds of them (spent first in, first out). An earned lot is one gift's share for one
 * user, its remainder what is still pending (it clears `CLEARING_DAYS` after it was made). The remainders
 * of a user's bought lots sum to their `wallet:` balance, those of their earned lots to their `pending:`
 * balance: reconciliation checks both.
 */
export const tokenLots = pgTable(
  'token_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: TOKEN_LOT_KINDS }).notNull(),
    /** The top-up or the gift that made the lot. */
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    remainingCents: bigint('remaining_cents', { mode: 'number' }).notNull(),
    /** An earned lot's clearing: its remainder moved to available, and it is 0 from then on. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('token_lots_transfer_user_idx').on(t.transferId, t.userId),
    index('token_lots_open_idx').on(t.userId, t.kind, t.id).where(sql`${t.remainingCents} > 0`),
    index('token_lots_pending_idx').on(t.createdAt).where(sql`${t.kind} = 'earned' and ${t.remainingCents} > 0`),
    check('token_lots_remaining', sql`${t.remainingCents} >= 0 and ${t.remainingCents} <= ${t.amountCents}`),
  ],
);

/** Which gift or tip a bought lot's tokens paid for (first in, first out), and how much of that was taken back. */
export const lotSpends = pgTable(
  'lot_spends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lotId: bigint('lot_id', { mode: 'number' })
      .notNull()
      .references(() => tokenLots.id),
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    clawedCents: bigint('clawed_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('lot_spends_lot_idx').on(t.lotId, t.id),
    check('lot_spends_clawed', sql`${t.clawedCents} >= 0 and ${t.clawedCents} <= ${t.amountCents}`),
  ],
);

/**
 * A refund or a dispute taking a top-up's tokens back (decision 017): its ledger transfer and each lot
 * change, so a won dispute can give back exactly what it took.
 */
export const clawbacks = pgTable(
  'clawbacks',
  {
    /**
     * `refund:{refund id}` (before decision 044: `refund:{charge}:{amount refunded so far}`), `dispute:{dispute
     * id}`, or `dispute:{dispute id}:after:{refund id}`: what a dispute takes when a refund that had taken the
     * tokens before it fails (decision 047).
     */
    id: text('id').primaryKey(),
    topUpTransferId: text('top_up_transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    /**
     * What the platform lost: earnings already gone plus the provider's fee. Zero or negative for a
     * dispute's later clawback, which recovers tokens its first one booked as lost.
     */
    lossCents: bigint('loss_cents', { mode: 'number' }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clawbacks_top_up_transfer_idx').on(t.topUpTransferId)],
);

/** One lot change of a clawback: a lot's remainder taken, a spend marked taken back (a gift reversed). */
export const clawbackParts = pgTable(
  'clawback_parts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clawbackId: text('clawback_id')
      .notNull()
      .references(() => clawbacks.id),
    lotId: bigint('lot_id', { mode: 'number' }).references(() => tokenLots.id),
    lotSpendId: bigint('lot_spend_id', { mode: 'number' }).references(() => lotSpends.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('clawback_parts_clawback_idx').on(t.clawbackId)],
);
