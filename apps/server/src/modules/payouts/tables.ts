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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'failed'] as const;

/**
 * A withdrawal (design.md section 3): the wallet is debited when the row is written; the transfer to the
 * payout account goes out with the withdrawal's id as idempotency key, by the request or, after a crash or
 * an unclear answer, by the payouts worker, until it is paid or definitely refused (then a reversal gives
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
    failureMessage: text('failure_message'),
    /** Transfer requests made so far. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a request or the worker is talking to the provider about it; past this, another may. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
