import { and, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import { type Database, queryRows } from '../../db/client';
import { payoutAccounts, withdrawals } from './tables';

export async function findPayoutAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      providerAccountId: payoutAccounts.providerAccountId,
      payoutsEnabled: payoutAccounts.payoutsEnabled,
      detailsSubmitted: payoutAccounts.detailsSubmitted,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  return row;
}

/** Records the user's payout account; the first one recorded stays (answers the one that did). */
export async function insertPayoutAccount(db: Database, userId: string, providerAccountId: string): Promise<string> {
  await db.insert(payoutAccounts).values({ userId, providerAccountId }).onConflictDoNothing();
  const account = await findPayoutAccount(db, userId);
  if (!account) throw new Error('the payout account was not recorded');
  return account.providerAccountId;
}

/** What the provider says of an account now; tells its owner live when it changed. */
export async function updatePayoutAccount(
  db: Database,
  providerAccountId: string,
  status: { payoutsEnabled: boolean; detailsSubmitted: boolean },
) {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...status, updatedAt: new Date() })
    .where(
      and(
        eq(payoutAccounts.providerAccountId, providerAccountId),
        or(
          sql`${payoutAccounts.payoutsEnabled} <> ${status.payoutsEnabled}`,
          sql`${payoutAccounts.detailsSubmitted} <> ${status.detailsSubmitted}`,
        ),
      ),
    )
    .returning({ userId: payoutAccounts.userId });
  if (row) await notifyChange(db, { topic: 'payout-account', userId: row.userId });
}

const withdrawalColumns = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  amountCents: withdrawals.amountCents,
  providerAccountId: withdrawals.providerAccountId,
  status: withdrawals.status,
  providerTransferId: withdrawals.providerTransferId,
  attempts: withdrawals.attempts,
  createdAt: withdrawals.createdAt,
  completedAt: withdrawals.completedAt,
};
export type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof findWithdrawal>>>;

export async function findWithdrawal(db: Database, id: string) {
  const [row] = await db.select(withdrawalColumns).from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function insertWithdrawal(
  db: Database,
  values: { id: string; userId: string; amountCents: number; providerAccountId: string },
) {
  await db.insert(withdrawals).values(values);
  await notifyChange(db, { topic: 'withdrawals', userId: values.userId });
}

/** How many withdrawals the history lists: the newest. */
const LIST_LIMIT = 100;

export async function listUserWithdrawals(db: Database, userId: string) {
  return db
    .select(withdrawalColumns)
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(LIST_LIMIT);
}

export async function hasPendingWithdrawal(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/**
 * Takes a pending withdrawal for one transfer attempt, unless someone else holds it: only one request or
 * worker talks to the provider about a withdrawal at a time. Undefined when it is not to be tried now.
 */
export async function claimWithdrawal(db: Database, id: string, leaseMs: number) {
  const [row] = await db
    .update(withdrawals)
    .set({
      attempts: sql`${withdrawals.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'pending'),
        or(isNull(withdrawals.claimedUntil), lt(withdrawals.claimedUntil, sql`now()`)),
      ),
    )
    .returning(withdrawalColumns);
  return row;
}

/** Pending withdrawals due for another attempt (their claim, if any, ran out). */
export async function listDueWithdrawals(db: Database, limit: number) {
  return db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'pending'),
        lte(withdrawals.nextAttemptAt, sql`now()`),
        or(isNull(withdrawals.claimedUntil), lt(withdrawals.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(withdrawals.nextAttemptAt)
    .limit(limit);
}

/**
 * Seconds until a pending withdrawal may be tried again (its next attempt, or the end of a claim whose
 * worker may have gone), negative when overdue; null when none is pending.
 */
export async function secondsUntilNextWithdrawalDue(db: Database): Promise<string | null> {
  const [row] = await queryRows<{ seconds: string | null }>(
    db,
    sql`select extract(epoch from min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now())
        as seconds from withdrawals where status = 'pending'`,
  );
  return row?.seconds ?? null;
}

/** Paid: the provider made the transfer. False when it was settled already. */
export async function markWithdrawalPaid(db: Database, id: string, providerTransferId: string) {
  const [row] = await db
    .update(withdrawals)
    .set({ status: 'paid', providerTransferId, completedAt: sql`now()`, claimedUntil: null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning({ userId: withdrawals.userId });
  if (row) await notifyChange(db, { topic: 'withdrawals', userId: row.userId });
  return row !== undefined;
}

/**
 * Failed: the provider refused it, or reversed the transfer later. Answers the row when this call moved it
 * to failed (the caller then posts the reversal in the same transaction), else undefined.
 */
export async function markWithdrawalFailed(db: Database, id: string, message: string) {
  const [row] = await db
    .update(withdrawals)
    .set({ status: 'failed', failureMessage: message.slice(0, 500), completedAt: sql`now()`, claimedUntil: null })
    .where(and(eq(withdrawals.id, id), or(eq(withdrawals.status, 'pending'), eq(withdrawals.status, 'paid'))))
    .returning(withdrawalColumns);
  if (row) await notifyChange(db, { topic: 'withdrawals', userId: row.userId });
  return row;
}

/** An unclear answer: the claim is given up and the worker tries again after `retryInSeconds`. */
export async function releaseWithdrawal(db: Database, id: string, retryInSeconds: number) {
  const [row] = await db
    .update(withdrawals)
    .set({ claimedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning({ id: withdrawals.id });
  // The workers of every instance sleep until the next due time they know of: this one is new.
  if (row) await notifyChange(db, { topic: 'withdrawal-retries' });
}

export async function findWithdrawalByTransfer(db: Database, providerTransferId: string) {
  const [row] = await db
    .select(withdrawalColumns)
    .from(withdrawals)
    .where(eq(withdrawals.providerTransferId, providerTransferId));
  return row;
}
