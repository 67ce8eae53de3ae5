import { CONTRIBUTION_STATUSES } from '@sweetwish/shared/group-gifts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { ledgerTransfers } from '../ledger/tables';
import { wishes } from '../wishes/tables';

/**
 * One fan's contribution to a group gift (decision 033). Its tokens sit in `platform:group_gifts_held`
 * from `transfer_id` until the wish is funded (`granted`: `purchase_id` is the fan's purchase row, paid
 * from the held account) or they go back (`taken_back` by the fan, `refunded` when the wish was archived
 * or its creator deleted), as the same kinds of token they were paid with: the three parts below.
 * Financial records are kept: nothing here is deleted.
 */
export const groupGiftContributions = pgTable(
  'group_gift_contributions',
  {
    id: text('id').primaryKey(),
    wishId: text('wish_id')
      .notNull()
      .references(() => wishes.id),
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What the spend took of each kind (decision 017): bought, cleared earned and pending earned tokens. */
    boughtCents: bigint('bought_cents', { mode: 'number' }).notNull(),
    earnedCents: bigint('earned_cents', { mode: 'number' }).notNull(),
    pendingCents: bigint('pending_cents', { mode: 'number' }).notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** The fan's message (decision 100) and whether it waits for review; it goes to the purchase at the grant. */
    message: text('message'),
    messageState: text('message_state', { enum: ['shown', 'held'] }),
    status: text('status', { enum: CONTRIBUTION_STATUSES }).notNull().default('held'),
    transferId: text('transfer_id')
      .notNull()
      .unique()
      .references(() => ledgerTransfers.id),
    /** The grant's or the return's transfer. */
    settleTransferId: text('settle_transfer_id')
      .unique()
      .references(() => ledgerTransfers.id),
    purchaseId: text('purchase_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('group_gift_contributions_wish_idx').on(t.wishId, t.status, t.createdAt),
    index('group_gift_contributions_fan_idx').on(t.fanId, t.status),
    // A gifts summary leaves out a funded group gift's purchases, told by its own notice (closeGiftsSummary).
    uniqueIndex('group_gift_contributions_purchase_idx').on(t.purchaseId),
    check('group_gift_contributions_positive', sql`${t.amountCents} > 0`),
    check(
      'group_gift_contributions_kinds',
      sql`${t.boughtCents} >= 0 and ${t.earnedCents} >= 0 and ${t.pendingCents} >= 0
        and ${t.boughtCents} + ${t.earnedCents} + ${t.pendingCents} = ${t.amountCents}`,
    ),
    check('group_gift_contributions_settled', sql`(${t.status} = 'held') = (${t.settleTransferId} is null)`),
    check('group_gift_contributions_granted', sql`(${t.status} = 'granted') = (${t.purchaseId} is not null)`),
  ],
);
