import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { afterKeyset, keyTime, newestFirst, type PageRequest } from '../../db/keyset';
import { bringJobForward } from '../../jobs/repo';
import { payoutAccounts, withdrawals } from './tables';
import { withdrawalJobKey } from './withdrawal-job-kind';

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

/**
 * What the provider said of an account as of `asOf` (unix seconds: an event's `created`, or a lookup's
 * time). Older news than what is stored changes nothing, so events applied out of order leave the latest
 * state. Its owner is told live only when the status changed (a lookup that finds it unchanged must not
 * make the page look again).
 */
export async function updatePayoutAccount(
  db: Database,
  providerAccountId: string,
  status: { payoutsEnabled: boolean; detailsSubmitted: boolean },
  asOf: number,
) {
  const [before] = await db
    .select({ payoutsEnabled: payoutAccounts.payoutsEnabled, detailsSubmitted: payoutAccounts.detailsSubmitted })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.providerAccountId, providerAccountId));
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...status, statusAsOf: asOf, updatedAt: new Date() })
    .where(and(eq(payoutAccounts.providerAccountId, providerAccountId), lte(payoutAccounts.statusAsOf, asOf)))
    .returning({ userId: payoutAccounts.userId });
  const hasChanged =
    before?.payoutsEnabled !== status.payoutsEnabled || before?.detailsSubmitted !== status.detailsSubmitted;
  if (row && hasChanged) await notifyChange(db, { topic: 'payout-account', userId: row.userId });
}

const withdrawalColumns = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  amountCents: withdrawals.amountCents,
  providerAccountId: withdrawals.providerAccountId,
  status: withdrawals.status,
  providerTransferId: withdrawals.providerTransferId,
  transferKey: withdrawals.transferKey,
  transferKeySentAt: withdrawals.transferKeySentAt,
  payoutEventCreated: withdrawals.payoutEventCreated,
  failureMessage: withdrawals.failureMessage,
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

/** A page of a user's withdrawals, newest first; one row more tells that more follow. */
export async function listUserWithdrawals(db: Database, userId: string, page: PageRequest) {
  return db
    .select({ ...withdrawalColumns, pageKey: keyTime(withdrawals.createdAt) })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), afterKeyset(withdrawals.createdAt, withdrawals.id, page.after)))
    .orderBy(...newestFirst(withdrawals.createdAt, withdrawals.id))
    .limit(page.limit + 1);
}

/** A withdrawal not yet at the bank: its transfer or its payout is still under way. */
export async function hasPendingWithdrawal(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'in_transit'])))
    .limit(1);
  return row !== undefined;
}

/**
 * Takes a pending withdrawal for one transfer attempt, unless someone else holds it: only one request or
 * job run talks to the provider about a withdrawal at a time. Undefined when it is not to be tried now.
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

/**
 * When a pending withdrawal may be tried again (its next attempt, or the end of a claim whose holder may
 * have gone), and whether that is now. Undefined when it is not pending: nothing more to try.
 */
export async function findNextWithdrawalAttempt(db: Database, id: string) {
  const at = sql`greatest(${withdrawals.nextAttemptAt}, coalesce(${withdrawals.claimedUntil}, ${withdrawals.nextAttemptAt}))`;
  const [row] = await db
    .select({ at: at.mapWith(withdrawals.nextAttemptAt), isDue: sql<boolean>`${at} <= now()` })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')));
  return row;
}

/** In transit: the provider made the transfer; its payout to the bank follows. False when settled already. */
export async function markWithdrawalTransferred(
  db: Database,
  id: string,
  transfer: { id: string; destinationPayment: string | null },
) {
  const [row] = await db
    .update(withdrawals)
    .set({
      status: 'in_transit',
      providerTransferId: transfer.id,
      providerDestinationPayment: transfer.destinationPayment,
      isAwaitingFunds: false,
      claimedUntil: null,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning({ userId: withdrawals.userId });
  if (row) await notifyChange(db, { topic: 'withdrawals', userId: row.userId });
  return row !== undefined;
}

/** The idempotency key the next transfer request sends, and when it was first sent (decision 018). */
export async function recordTransferKey(db: Database, id: string, key: string, sentAt: Date) {
  await db
    .update(withdrawals)
    .set({ transferKey: key, transferKeySentAt: sentAt })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')));
}

/**
 * `balance_insufficient`: no transfer was made, and the provider keeps that answer under the key, so the
 * next attempt needs a new one; the withdrawal waits for the platform balance to grow.
 */
export async function markAwaitingFunds(db: Database, id: string, nextKey: string) {
  await db
    .update(withdrawals)
    .set({ isAwaitingFunds: true, transferKey: nextKey, transferKeySentAt: null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')));
}

/** `balance.available`: every withdrawal waiting for funds is due now, and so are their jobs. */
export async function wakeWithdrawalsAwaitingFunds(db: Database): Promise<number> {
  const rows = await db
    .update(withdrawals)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(withdrawals.status, 'pending'), eq(withdrawals.isAwaitingFunds, true)))
    .returning({ id: withdrawals.id, nextAttemptAt: withdrawals.nextAttemptAt });
  for (const row of rows) await bringJobForward(db, withdrawalJobKey(row.id), row.nextAttemptAt);
  return rows.length;
}

export async function findWithdrawalByDestinationPayment(db: Database, providerDestinationPayment: string) {
  const [row] = await db
    .select(withdrawalColumns)
    .from(withdrawals)
    .where(eq(withdrawals.providerDestinationPayment, providerDestinationPayment));
  return row;
}

/**
 * A payout event applied to a withdrawal it carried, unless an event created later was applied already
 * (out of order: the older one changes nothing). A payout can fail after it was paid (the bank returned
 * it) but never the other way, so at equal times `payout.failed` wins. A withdrawal whose transfer was
 * reversed (failed) stays so. Answers the withdrawal when the event applied, else undefined.
 */
export async function applyPayoutToWithdrawal(
  db: Database,
  id: string,
  payout: { id: string; created: number; failureMessage: string | null },
) {
  const isFailure = payout.failureMessage !== null;
  const isNewer = isFailure
    ? sql`${withdrawals.payoutEventCreated} <= ${payout.created}`
    : sql`(${withdrawals.payoutEventCreated} < ${payout.created} or (${withdrawals.payoutEventCreated} = ${payout.created} and ${withdrawals.status} <> 'payout_failed'))`;
  const [row] = await db
    .update(withdrawals)
    .set({
      status: isFailure ? 'payout_failed' : 'paid',
      providerPayoutId: payout.id,
      payoutEventCreated: payout.created,
      failureMessage: payout.failureMessage,
      completedAt: isFailure ? null : sql`now()`,
      claimedUntil: null,
    })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, ['in_transit', 'paid', 'payout_failed']), isNewer))
    .returning(PAID_WITHDRAWAL);
  if (row) await notifyChange(db, { topic: 'withdrawals', userId: row.userId });
  return row;
}

const PAID_WITHDRAWAL = { id: withdrawals.id, userId: withdrawals.userId, amountCents: withdrawals.amountCents };
export type PaidWithdrawal = { id: string; userId: string; amountCents: number };

/**
 * A later payout of an account paid: the provider pays out the account's whole balance, which holds the
 * money of its earlier failed payouts once the bank details were fixed, so those withdrawals reached the bank.
 */
export async function markEarlierFailedPayoutsPaid(
  db: Database,
  providerAccountId: string,
  payout: { id: string; created: number },
) {
  const rows = await db
    .update(withdrawals)
    .set({
      status: 'paid',
      providerPayoutId: payout.id,
      payoutEventCreated: payout.created,
      failureMessage: null,
      completedAt: sql`now()`,
    })
    .where(
      and(
        eq(withdrawals.providerAccountId, providerAccountId),
        eq(withdrawals.status, 'payout_failed'),
        lt(withdrawals.payoutEventCreated, payout.created),
      ),
    )
    .returning(PAID_WITHDRAWAL);
  for (const userId of new Set(rows.map((r) => r.userId))) await notifyChange(db, { topic: 'withdrawals', userId });
  return rows;
}

/**
 * Failed: the provider refused it, or reversed the transfer later. Answers the row when this call moved it
 * to failed (the caller then posts the reversal in the same transaction), else undefined.
 */
export async function markWithdrawalFailed(db: Database, id: string, message: string) {
  const [row] = await db
    .update(withdrawals)
    .set({ status: 'failed', failureMessage: message.slice(0, 500), completedAt: sql`now()`, claimedUntil: null })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, ['pending', 'in_transit', 'paid', 'payout_failed'])))
    .returning(withdrawalColumns);
  if (row) await notifyChange(db, { topic: 'withdrawals', userId: row.userId });
  return row;
}

/** An unclear answer: the claim is given up and the withdrawal's job tries again after `retryInSeconds`. */
export async function releaseWithdrawal(db: Database, id: string, retryInSeconds: number) {
  const [row] = await db
    .update(withdrawals)
    .set({ claimedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning({ nextAttemptAt: withdrawals.nextAttemptAt });
  // Its job may be due later (the safety net queued with the debit): it runs at the retry's time.
  if (row) await bringJobForward(db, withdrawalJobKey(id), row.nextAttemptAt);
}

export async function findWithdrawalByTransfer(db: Database, providerTransferId: string) {
  const [row] = await db
    .select(withdrawalColumns)
    .from(withdrawals)
    .where(eq(withdrawals.providerTransferId, providerTransferId));
  return row;
}
