import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** Fans who opted in to a creator's fan base; only someone who rewarded the creator can (product.md section 1). */
export const fanMemberships = pgTable(
  'fan_memberships',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.fanId] }),
    index('fan_memberships_creator_idx').on(t.creatorId, t.joinedAt),
  ],
);
