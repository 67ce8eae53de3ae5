import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** A priced wish on a creator's wishlist (product.md section 3, Product). */
export const wishes = pgTable(
  'wishes',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['standard', 'subscription'] })
      .notNull()
      .default('standard'),
    name: text('name').notNull(),
    /** Whole tokens (1 token = US$1). */
    cost: integer('cost').notNull(),
    image: text('image'),
    blurhash: text('blurhash'),
    description: text('description').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    purchased: boolean('purchased').notNull().default(false),
    /** Hidden by a moderator (decision 028): on no list, page or sale any more. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    allowRepeatPurchases: boolean('allow_repeat_purchases').notNull().default(true),
    /** Group gift (decision 033): funded by many fans, fixed at creation. */
    isGroupGift: boolean('is_group_gift').notNull().default(false),
    /** What fans hold in it now (cents); the guarded update in modules/group-gifts keeps it <= the price. */
    groupGiftFundedCents: bigint('group_gift_funded_cents', { mode: 'number' }).notNull().default(0),
    /** Whether contributors may take their tokens back while it is unfunded (the creator's setting). */
    allowTakeBack: boolean('allow_take_back').notNull().default(true),
    /** The store page the wish was read from (decision 110); fans see it only when showSourceLink is set. */
    sourceUrl: text('source_url'),
    showSourceLink: boolean('show_source_link').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The wishlist query: one seller's wishes, archived or not, in product.md's order.
    index('wishes_seller_list_idx').on(t.sellerId, t.archived, t.purchased, t.pinned, t.updatedAt),
    check('wishes_cost_range', sql`${t.cost} between 20 and 999999`),
    check('wishes_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('wishes_description_length', sql`char_length(${t.description}) <= 1000`),
    check('wishes_source_url_length', sql`char_length(${t.sourceUrl}) <= 2000`),
    check(
      'wishes_group_gift_funded',
      sql`${t.groupGiftFundedCents} between 0 and ${t.cost}::bigint * 100 and (${t.isGroupGift} or ${t.groupGiftFundedCents} = 0)`,
    ),
  ],
);
