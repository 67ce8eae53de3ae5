import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The fan's message (decision 100): trimmed text, or null for none; kept when anonymous. */
    message: text('message'),
    /**
     * Where the message stands (decision 100): shown (on stream and the wall), held for the creator's review
     * (a blocked word, or every message held), approved by the creator, or skipped. Null without a message.
     */
    messageState: text('message_state', { enum: ['shown', 'held', 'approved', 'skipped'] }),
    /** When the creator took this gift (its message with it) off the supporters wall; null while on it (decision 101). */
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('purchases_buyer_idx').on(t.buyerId, t.createdAt),
    index('purchases_seller_idx').on(t.sellerId, t.createdAt),
    uniqueIndex('purchases_seller_seq_idx').on(t.sellerId, t.sellerSeq),
    // The messages a creator reviews (held, approved not yet shown) without reading every tip.
    index('purchases_seller_message_idx').on(t.sellerId, t.createdAt, t.id).where(sql`${t.message} is not null`),
    check(
      'purchases_split_sums',
      sql`${t.recipientCents} + ${t.affiliateCents} + ${t.platformCents} + ${t.processingCents} = ${t.costCents}`,
    ),
    check('purchases_cost_positive', sql`${t.costCents} > 0`),
    check('purchases_product_of_standard', sql`(${t.type} = 'standard') = (${t.productId} is not null)`),
    check('purchases_message_length', sql`char_length(${t.message}) between 1 and 200`),
    check('purchases_message_state', sql`(${t.message} is null) = (${t.messageState} is null)`),
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

/**
 * A creator's choices about fans' messages (decision 100): what is held for review, how the overlay reads
 * them aloud, the control page's secret address, and the supporters wall. A creator without a row has the
 * defaults (the default blocked words, nothing else held, speech off, wall off); the row is made on first
 * change or first reading of the control address.
 */
export const giftMessageSettings = pgTable(
  'gift_message_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Lower-case words; a message that contains one as a word is held. Null: the default list. */
    blockedWords: text('blocked_words').array(),
    holdEveryMessage: boolean('hold_every_message').notNull().default(false),
    isSpeechOn: boolean('is_speech_on').notNull().default(false),
    /** A browser voice's name; null: the browser's default voice (or the bundled engine's). */
    speechVoice: text('speech_voice'),
    speechVolume: integer('speech_volume').notNull().default(80),
    speechMinTokens: integer('speech_min_tokens').notNull().default(0),
    speechMaxSeconds: integer('speech_max_seconds').notNull().default(15),
    /** Alerts wait while paused; the control page pauses and resumes them. */
    isPaused: boolean('is_paused').notNull().default(false),
    isWallOn: boolean('is_wall_on').notNull().default(false),
    /** 32 random bytes, base64url: the control page's address (an OBS custom dock). Never logged. */
    controlSecret: text('control_secret').notNull().unique(),
    /** The last gift number an overlay of this creator began to show: where a restarted overlay resumes. */
    shownSeq: bigint('shown_seq', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_message_speech_volume', sql`${t.speechVolume} between 0 and 100`),
    check('gift_message_speech_min_tokens', sql`${t.speechMinTokens} >= 0`),
    check('gift_message_speech_max_seconds', sql`${t.speechMaxSeconds} between 1 and 60`),
  ],
);
