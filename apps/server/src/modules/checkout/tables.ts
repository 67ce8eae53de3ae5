import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** A card checkout for tokens, as started; the webhook completes it (architecture.md section 4). */
export const topUps = pgTable(
  'top_ups',
  {
    /** The card provider's checkout session id. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** `refunded`: paid after its account was deleted, so refunded whole instead of credited (decision 017). */
    status: text('status', { enum: ['open', 'paid', 'expired', 'refunded'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the refunds of the charge that have not failed add up to (card_refunds). */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('top_ups_user_idx').on(t.userId, t.createdAt)],
);

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;

/**
 * A card holder's dispute of a top-up (architecture.md section 3): the buyer's wallet was debited down to zero at
 * most, the rest is owed (the dispute receivable), and the wallet cannot spend while it is open. A won
 * dispute is reversed; a lost one stays.
 */
export const disputes = pgTable(
  'disputes',
  {
    /** The card provider's dispute id. */
    id: text('id').primaryKey(),
    topUpId: text('top_up_id')
      .notNull()
      .references(() => topUps.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What left the wallet, and what it could not cover. */
    debitedCents: bigint('debited_cents', { mode: 'number' }).notNull(),
    receivableCents: bigint('receivable_cents', { mode: 'number' }).notNull(),
    /** The provider's dispute fee booked as a loss so far, as the dispute's balance transactions tell it. */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('disputes_user_idx').on(t.userId)],
);

export const CARD_REFUND_STATUSES = ['refunded', 'failed'] as const;

/**
 * A card refund of a top-up, by the provider's refund id (decision 044): heard of first as made, it took its
 * tokens back (clawback `refund:{id}`); failed (the card's bank sent it back), it gave them back. A failure
 * heard before the refund itself is recorded failed, and the refund then takes nothing.
 */
export const cardRefunds = pgTable('card_refunds', {
  /** The card provider's refund id. */
  id: text('id').primaryKey(),
  topUpId: text('top_up_id')
    .notNull()
    .references(() => topUps.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status', { enum: CARD_REFUND_STATUSES }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  failedAt: timestamp('failed_at', { withTimezone: true }),
});
