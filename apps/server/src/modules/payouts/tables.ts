import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A creator's payout account at the card provider (a Connect Express account), as last heard from it
 * (account lookups and `account.updated` webhooks).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  providerAccountId: text('provider_account_id').notNull().unique(),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /**
   * When the provider's state last applied was current (unix seconds: an event's `created`, or the time of
   * a lookup): an `account.updated` created before it is older news and changes nothing.
   */
  statusAsOf: bigint('status_as_of', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * pending: debited, the transfer not yet made (an unclear answer, or the platform balance short);
 * in_transit: transferred to the payout account, its payout to the bank not yet paid; paid: the payout
 * reached the bank (`payout.paid`); payout_failed: the bank refused the payout (the money waits in the
 * payout account); failed: the transfer was refused or reversed, and the money is back in the wallet.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'payout_failed'] as const;

/**
 * A withdrawal (architecture.md section 3): the wallet is debited when the row is written; the transfer to the
 * payout account goes out with the withdrawal's id as idempotency key, by the request or, after a crash or
 * an unclear answer, by its job (worker.ts), until it is paid or definitely refused (then a reversal gives
 * the money back). Financial records are kept: nothing here is deleted.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    /** The provider's transfer, once made. */
    providerTransferId: text('provider_transfer_id').unique(),
    /** The transfer's payment on the payout account (`py_...`): how its payout is matched. */
    providerDestinationPayment: text('provider_destination_payment').unique(),
    /** The idempotency key of the next transfer request; null: `withdrawal:<id>` (decision 018). */
    transferKey: text('transfer_key'),
    /** When `transferKey` was first sent: the provider forgets a key after 24 hours. */
    transferKeySentAt: timestamp('transfer_key_sent_at', { withTimezone: true }),
    /** The last answer was `balance_insufficient`: tried again when the platform balance grows. */
    isAwaitingFunds: boolean('is_awaiting_funds').notNull().default(false),
    /** The payout that carried the transfer to the bank, and the `created` of its last applied event. */
    providerPayoutId: text('provider_payout_id'),
    payoutEventCreated: bigint('payout_event_created', { mode: 'number' }).notNull().default(0),
    failureMessage: text('failure_message'),
    /** Transfer requests made so far. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a request or its job is talking to the provider about it; past this, another may. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('withdrawals_account_idx').on(t.providerAccountId, t.status),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
