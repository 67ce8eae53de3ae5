import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { earnedAccountId, pendingAccountId, userAccountIds, walletAccountId } from './accounts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './tables';

/** A transfer's entries on one user's accounts, by kind of token (what a spend took from each). */
export async function findUserEntriesOf(db: Database, transferId: string, userId: string) {
  const rows = await db
    .select({ accountId: ledgerEntries.accountId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transferId, transferId), inArray(ledgerEntries.accountId, userAccountIds(userId))));
  const of = (id: string) => rows.filter((r) => r.accountId === id).reduce((sum, r) => sum + r.amountCents, 0);
  return {
    boughtCents: of(walletAccountId(userId)),
    pendingCents: of(pendingAccountId(userId)),
    availableCents: of(earnedAccountId(userId)),
  };
}

/** The balance of an account that caches none (a platform account): the sum of its entries. */
export async function sumAccountEntries(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.sum ?? 0);
}

export type UserBalances = { boughtCents: number; pendingCents: number; availableCents: number };

/** A user's three balances (0 for an account not made yet); `lock` holds the rows until the transaction ends. */
export async function findUserBalances(
  db: Database,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<UserBalances> {
  const query = db
    .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, userAccountIds(userId)))
    .orderBy(ledgerAccounts.id);
  const rows = options.lock ? await query.for('update') : await query;
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balanceCents ?? 0;
  return { boughtCents: of('wallet'), pendingCents: of('earned_pending'), availableCents: of('earned_available') };
}

/** A user's pending earnings by the day they were made, oldest first (at most `limit` days). */
export async function listPendingByDay(db: Database, userId: string, limit: number) {
  const rows = await queryRows<{ amount: string; latest: Date | string }>(
    db,
    sql`
    select sum(remaining_cents) as amount, max(created_at) as latest
    from token_lots
    where user_id = ${userId} and kind = 'earned' and remaining_cents > 0
    group by date_trunc('day', created_at)
    order by latest limit ${limit}`,
  );
  return rows.map((r) => ({ amountCents: Number(r.amount), latest: new Date(r.latest) }));
}

/**
 * A user's ledger lines, newest first: before an entry id, or within a time range. One line per transfer,
 * summed over the user's accounts (a spend may take from bought, available and pending tokens at once); a
 * transfer that only moved tokens between them (clearing) sums to zero and is left out.
 */
export async function listWalletEntries(
  db: Database,
  userId: string,
  page: { beforeId?: number | undefined; from?: Date; until?: Date; limit: number },
) {
  const amount = sql<string>`sum(${ledgerEntries.amountCents})`;
  const rows = await db
    .select({
      id: sql<string>`max(${ledgerEntries.id})`,
      transferId: ledgerEntries.transferId,
      amountCents: amount,
      createdAt: sql<Date | string>`min(${ledgerEntries.createdAt})`,
      kind: ledgerTransfers.kind,
      idempotencyKey: ledgerTransfers.idempotencyKey,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        inArray(ledgerEntries.accountId, userAccountIds(userId)),
        page.beforeId === undefined ? undefined : lt(ledgerEntries.id, page.beforeId),
        page.from === undefined ? undefined : gte(ledgerEntries.createdAt, page.from),
        page.until === undefined ? undefined : lt(ledgerEntries.createdAt, page.until),
      ),
    )
    .groupBy(ledgerEntries.transferId, ledgerTransfers.kind, ledgerTransfers.idempotencyKey)
    .having(sql`${amount} <> 0`)
    .orderBy(desc(sql`max(${ledgerEntries.id})`))
    .limit(page.limit);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amountCents: Number(r.amountCents),
    createdAt: new Date(r.createdAt),
  }));
}

/** Open disputes holding the user's spending. */
export async function findSpendHolds(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ spendHolds: ledgerAccounts.spendHolds })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, walletAccountId(userId)));
  return row?.spendHolds ?? 0;
}

/** When the user's newest pending earning was made (undefined when none is pending). */
export async function findNewestPendingAt(db: Database, userId: string): Promise<Date | undefined> {
  const [row] = await queryRows<{ newest: Date | string | null }>(
    db,
    sql`select max(created_at) as newest from token_lots where user_id = ${userId} and kind = 'earned' and remaining_cents > 0`,
  );
  return row?.newest ? new Date(row.newest) : undefined;
}
