import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { ledgerTransfers } from '../ledger/tables';
import { wishes } from '../wishes/tables';

/**
 * A gift (a bought wish) or a tip, seen by its buyer as a purchase and by its recipient as a received
 * item (product.md section 3). The split is stored as it was applied, so later rate changes never rewrite it.
 * Financial records are kept: nothing here is deleted with a user.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['standard', 'tip'] }).notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    productId: text('product_id').references(() => wishes.id),
    /** The wish as it was when bought, so an edited or archived wish does not change the record. */
    productName: text('product_name'),
    productImage: text('product_image'),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    recipientCents: bigint('recipient_cents', { mode: 'number' }).notNull(),
    affiliateId: text('affiliate_id').references(() => users.id),
    affiliateCents: bigint('affiliate_cents', { mode: 'number' }).notNull(),
    platformCents: bigint('platform_cents', { mode: 'number' }).notNull(),
    processingCents: bigint('processing_cents', { mode: 'number' }).notNull(),
    /** Shown to the recipient as "Anonymous", with no link to the buyer (architecture.md section 11). */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** When the recipient opened it; null while unseen. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    conversationId: text('conversation_id'),
    transferId: text('transfer_id')
      .notNull()
      .unique()
      .references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a refund or dispute of the top-up that paid for it took back (decision 017); 0 when none. */
    reversedCents: bigint('reversed_cents', { mode: 'number' }).notNull().default(0),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /**
     * The gift's place among its recipient's gifts (1, 2, 3, ...), taken from purchase_counters by the
     * purchases_number_per_seller trigger, whose row lock is held to commit: numbers become visible in
     * order, with no gaps, so the stream overlay resumes after the last one it showed (decision 031).
     */
    // The trigger overwrites whatever an insert gives: 0 only lets drizzle insert a row without it.
    sellerSeq: bigint('seller_seq', { mode: 'number' })
      .notNull()
      .$defaultFn(() => 0),
  },
  (t) => [
    index('purchases_buyer_idx').on(t.buyerId, t.createdAt),
    index('purchases_seller_idx').on(t.sellerId, t.createdAt),
    uniqueIndex('purchases_seller_seq_idx').on(t.sellerId, t.sellerSeq),
    check(
      'purchases_split_sums',
      sql`${t.recipientCents} + ${t.affiliateCents} + ${t.platformCents} + ${t.processingCents} = ${t.costCents}`,
    ),
    check('purchases_cost_positive', sql`${t.costCents} > 0`),
    check('purchases_product_of_standard', sql`(${t.type} = 'standard') = (${t.productId} is not null)`),
    check('purchases_not_to_self', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

/**
 * Each recipient's last purchase number (purchases.seller_seq), counted by the purchases_number_per_seller
 * trigger. Reading the last number from purchases cost as much as the recipient's purchases whenever the
 * plan was made on stale statistics (decision 040); this row costs one key lookup, and its lock, held by
 * the inserting transaction to commit, is the per-recipient lock that orders the numbers.
 */
export const purchaseCounters = pgTable('purchase_counters', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => users.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
