import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { people } from '../accounts/people';
import { subscriptionCharges, subscriptions } from './tables';

/** Lists show at most this many: far more than one fan or creator has running. */
export const LIST_MAX = 500;

const subscriptionColumns = {
  id: subscriptions.id,
  fanId: subscriptions.fanId,
  creatorId: subscriptions.creatorId,
  wishId: subscriptions.wishId,
  wishName: subscriptions.wishName,
  wishImage: subscriptions.wishImage,
  priceCents: subscriptions.priceCents,
  isExclusive: subscriptions.isExclusive,
  status: subscriptions.status,
  startedAt: subscriptions.startedAt,
  periodsPaid: subscriptions.periodsPaid,
  endReason: subscriptions.endReason,
};
export type SubscriptionRow = Awaited<ReturnType<typeof findSubscription>> & {};
export type NewSubscription = Omit<typeof subscriptions.$inferInsert, 'status' | 'createdAt'>;

/** The database's clock: the one every instance shares (decision 023), unless a test passes its own. */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row?.now ?? Date.now());
}

export async function findSubscription(db: Database, id: string) {
  const [row] = await db.select(subscriptionColumns).from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** Call in a transaction: the row, locked until commit, so a renewal and a cancel never cross. */
export async function lockSubscription(db: Database, id: string) {
  const [row] = await db.select(subscriptionColumns).from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/**
 * Adds a subscription, or nothing when the fan already has one running for the wish or a single-subscriber
 * wish is taken (the partial unique indexes decide, also between two requests at once): undefined then.
 */
export async function insertSubscription(db: Database, values: NewSubscription) {
  const [row] = await db
    .insert(subscriptions)
    .values({ ...values, status: 'active' })
    .onConflictDoNothing()
    .returning(subscriptionColumns);
  return row;
}

/** The fan's running subscription to the wish, and whether anyone holds it as a single-subscriber wish. */
export async function findRunningForWish(db: Database, wishId: string) {
  return db
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.wishId, wishId), ne(subscriptions.status, 'ended')))
    .limit(LIST_MAX);
}

/** Call in the charge's transaction: the month's record, whose primary key refuses a second one. */
export async function insertCharge(
  db: Database,
  values: { subscriptionId: string; periodIndex: number; periodStart: Date; purchaseId: string },
) {
  await db.insert(subscriptionCharges).values(values);
}

/** Call in the charge's transaction: `periods` months are paid, and it renews again. */
export async function markPaid(db: Database, id: string, periods: number) {
  await db
    .update(subscriptions)
    .set({ periodsPaid: periods, status: 'active' })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.periodsPaid, periods - 1)));
}

/** A renewal found the wallet short: true only the first time for this month (then the fan is told). */
export async function markPastDue(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'past_due' })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Ends it if it is in one of `from`; true when this call ended it. */
export async function endSubscription(
  db: Database,
  id: string,
  reason: 'canceled' | 'lapsed' | 'unavailable',
  from: ('active' | 'past_due' | 'canceled')[],
): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'ended', endReason: reason, endedAt: sql`now()` })
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, from)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** The fan stops the renewals; it runs to the end of the paid month (ended now when nothing is paid ahead). */
export async function markCanceled(db: Database, id: string, fanId: string, isPaidAhead: boolean) {
  await db
    .update(subscriptions)
    .set(
      isPaidAhead
        ? { status: 'canceled', canceledAt: sql`now()` }
        : { status: 'ended', canceledAt: sql`now()`, endedAt: sql`now()`, endReason: 'canceled' },
    )
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.fanId, fanId),
        inArray(subscriptions.status, ['active', 'past_due']),
      ),
    );
  await notifyChange(db, { topic: 'purchases', userId: fanId });
}

const creator = people('creator');
const fan = people('fan');
const creatorColumns = {
  id: creator.id,
  handle: creator.handle,
  displayName: creator.displayName,
  photoUrl: creator.photoUrl,
  deletedAt: creator.deletedAt,
};
const fanColumns = {
  id: fan.id,
  handle: fan.handle,
  displayName: fan.displayName,
  photoUrl: fan.photoUrl,
  deletedAt: fan.deletedAt,
};

/** A fan's subscriptions, newest first, with each creator's public face. */
export async function listFanSubscriptions(db: Database, fanId: string) {
  return db
    .select({ ...subscriptionColumns, creator: creatorColumns })
    .from(subscriptions)
    .innerJoin(creator, eq(creator.id, subscriptions.creatorId))
    .where(eq(subscriptions.fanId, fanId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(LIST_MAX);
}

/** One subscription of the fan's own, with its creator. */
export async function findFanSubscription(db: Database, fanId: string, id: string) {
  const [row] = await db
    .select({ ...subscriptionColumns, creator: creatorColumns })
    .from(subscriptions)
    .innerJoin(creator, eq(creator.id, subscriptions.creatorId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.fanId, fanId)));
  return row;
}

/** A creator's subscribers that have not ended, newest first, with each fan's public face. */
export async function listCreatorSubscribers(db: Database, creatorId: string) {
  return db
    .select({ ...subscriptionColumns, fan: fanColumns })
    .from(subscriptions)
    .innerJoin(fan, eq(fan.id, subscriptions.fanId))
    .where(and(eq(subscriptions.creatorId, creatorId), ne(subscriptions.status, 'ended')))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(LIST_MAX);
}

/** What a creator's renewing subscriptions (active or retrying) bring each month, gross. */
export async function sumMonthly(db: Database, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${subscriptions.priceCents}), 0)` })
    .from(subscriptions)
    .where(and(eq(subscriptions.creatorId, creatorId), inArray(subscriptions.status, ['active', 'past_due'])));
  return Number(row?.total ?? 0);
}

/** The months charged for a subscription, oldest first (tests and support). */
export async function listCharges(db: Database, subscriptionId: string) {
  return db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(subscriptionCharges.periodStart);
}

/** The month a purchase paid (subscription_charges.purchase_id is unique, so indexed). */
export async function findChargeByPurchase(db: Database, purchaseId: string) {
  const [row] = await db
    .select({ subscriptionId: subscriptionCharges.subscriptionId, periodIndex: subscriptionCharges.periodIndex })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.purchaseId, purchaseId));
  return row;
}

/**
 * Call in the transaction that deletes an account: every running subscription of the user's, as fan or
 * creator, ends now (nothing more is charged or owed), and the wish pictures of the creator's are dropped.
 */
export async function endAllOf(db: Database, userId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'ended', endedAt: sql`now()`, endReason: 'unavailable' })
    .where(
      and(
        ne(subscriptions.status, 'ended'),
        sql`(${subscriptions.fanId} = ${userId} or ${subscriptions.creatorId} = ${userId})`,
      ),
    );
  await db.update(subscriptions).set({ wishImage: null }).where(eq(subscriptions.creatorId, userId));
}
