import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { earnedAccountId, PLATFORM_ACCOUNTS, userAccountIds, walletAccountId } from './accounts';
import { findUserBalances, type UserBalances } from './balances';
import { ensureUserAccounts, postTransfer } from './postings';
import { ledgerAccounts, tokenLots } from './tables';

/**
 * Closes a user's wallet if it holds nothing: it is locked (a credit on its way waits, then finds it
 * closed), created empty if it never existed, and from then on ledger_post() refuses to credit it.
 * Answers the balance that stops it, or 0 when it closed. Call inside the account deletion's transaction.
 */
export async function closeEmptyWallet(db: Database, userId: string): Promise<number> {
  await ensureUserAccounts(db, userId);
  const balances = await findUserBalances(db, userId, { lock: true });
  const balance = balances.boughtCents + balances.pendingCents + balances.availableCents;
  if (balance === 0) {
    await db
      .update(ledgerAccounts)
      .set({ closedAt: sql`now()` })
      .where(inArray(ledgerAccounts.id, userAccountIds(userId)));
  }
  return balance;
}

/**
 * Gives up what a deleted account still holds (decision 017): its bought and available tokens go to the
 * forfeited-balances account and its bought lots are emptied, in one transfer keyed by the user.
 */
export async function forfeitBalances(db: Database, userId: string, balances: UserBalances) {
  await postTransfer(db, {
    kind: 'forfeit',
    idempotencyKey: `forfeit:${userId}`,
    entries: [
      { accountId: walletAccountId(userId), amountCents: -balances.boughtCents },
      { accountId: earnedAccountId(userId), amountCents: -balances.availableCents },
      { accountId: PLATFORM_ACCOUNTS.forfeited, amountCents: balances.boughtCents + balances.availableCents },
    ].filter((e) => e.amountCents !== 0),
  });
  await db
    .update(tokenLots)
    .set({ remainingCents: 0 })
    .where(and(eq(tokenLots.userId, userId), eq(tokenLots.kind, 'bought')));
}
