import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { ledgerTransfersPosted } from '../../metrics/registry';
import { earnedAccountId, PLATFORM_ACCOUNTS, pendingAccountId, userAccountIds, walletAccountId } from './accounts';
import {
  clawbackParts,
  clawbacks,
  type LedgerTransferKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  lotSpends,
  tokenLots,
} from './tables';

export type LedgerEntry = { accountId: string; amountCents: number };

export type LedgerTransfer = {
  kind: LedgerTransferKind;
  /** Posting a key twice has no second effect. */
  idempotencyKey: string;
  externalRef?: string | undefined;
  /** Signed amounts that sum to zero; wallets are debited only as far as they hold. */
  entries: LedgerEntry[];
};

/**
 * Posts a transfer through ledger_post() (ledger migration): the new transfer id, or undefined when its
 * key was used before. Gifts and tips post through post_gifts(), which calls the same function.
 */
export async function postTransfer(db: Database, transfer: LedgerTransfer): Promise<string | undefined> {
  const ids = transfer.entries.map((e) => e.accountId);
  const amounts = transfer.entries.map((e) => e.amountCents);
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`select ledger_post(${transfer.kind}, ${transfer.idempotencyKey}, ${transfer.externalRef ?? null},
      ${sql.param(ids)}::text[], ${sql.param(amounts)}::bigint[]) as id`,
  );
  if (row?.id) ledgerTransfersPosted.inc({ kind: transfer.kind });
  return row?.id ?? undefined;
}

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

/**
 * Gives bought tokens back to the top-ups they came from (decision 033): `returnTransferId` credited the
 * user's wallet with what `spendTransferId` took (ledger_post() made it a new lot); the lots the spend took
 * from get their tokens back, its spends count as taken back (a refund of the top-up then takes the
 * tokens from the wallet, not from a gift), and the new lot keeps only what could not be traced. The
 * remainders' sum is unchanged, so reconciliation holds. Call in the return's transaction.
 */
export async function restoreSpentLots(
  db: Database,
  userId: string,
  spendTransferId: string,
  returnTransferId: string,
) {
  const spends = await db
    .select({
      id: lotSpends.id,
      lotId: lotSpends.lotId,
      cents: sql<string>`${lotSpends.amountCents} - ${lotSpends.clawedCents}`,
    })
    .from(lotSpends)
    .where(eq(lotSpends.transferId, spendTransferId))
    .orderBy(lotSpends.id)
    .for('update');
  let restored = 0;
  for (const spend of spends) {
    const cents = Number(spend.cents);
    if (cents <= 0) continue;
    await db
      .update(tokenLots)
      .set({ remainingCents: sql`${tokenLots.remainingCents} + ${cents}` })
      .where(and(eq(tokenLots.id, spend.lotId), eq(tokenLots.userId, userId)));
    await db
      .update(lotSpends)
      .set({ clawedCents: sql`${lotSpends.amountCents}` })
      .where(eq(lotSpends.id, spend.id));
    restored += cents;
  }
  if (restored > 0) {
    await db
      .update(tokenLots)
      .set({ remainingCents: sql`${tokenLots.remainingCents} - ${restored}` })
      .where(
        and(eq(tokenLots.transferId, returnTransferId), eq(tokenLots.userId, userId), eq(tokenLots.kind, 'bought')),
      );
  }
}

/**
 * The bought lots' spends of `fromTransferId` now paid for `toTransferId` (decision 033: a held group gift
 * contribution became its fan's purchase), so a refund or dispute of the top-up traces them to that gift
 * and takes the creator's share back, as for any gift (decision 017). Call in the transaction of both.
 */
export async function moveLotSpends(db: Database, fromTransferId: string, toTransferId: string) {
  await db.update(lotSpends).set({ transferId: toTransferId }).where(eq(lotSpends.transferId, fromTransferId));
}

/** The balance of an account that caches none (a platform account): the sum of its entries. */
export async function sumAccountEntries(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.sum ?? 0);
}

/** Whether an error is ledger_post() refusing a debit larger than the wallet. */
export function isInsufficientBalance(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'SW402';
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

export type Discrepancy =
  | { kind: 'unbalanced_transfer'; transferId: string; sumCents: number }
  | { kind: 'lots'; accountId: string; balanceCents: number; lotsCents: number }
  | { kind: 'cached_balance'; accountId: string; cachedCents: number; entriesCents: number }
  | { kind: 'negative_wallet'; accountId: string; balanceCents: number };

/**
 * Every way the ledger could be wrong: a transfer whose entries do not sum to zero, a wallet whose cached
 * balance is not the sum of its entries, a wallet below zero. An empty list means the books balance.
 */
export async function findDiscrepancies(db: Database): Promise<Discrepancy[]> {
  const unbalanced = await queryRows<{ transfer_id: string; sum: string }>(
    db,
    sql`
    select t.id as transfer_id, coalesce(sum(e.amount_cents), 0) as sum
    from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
    group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2`,
  );
  const cached = await queryRows<{ id: string; cached: string; entries: string }>(
    db,
    sql`
    select a.id, a.balance_cents as cached, coalesce(sum(e.amount_cents), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.balance_cents is not null
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(e.amount_cents), 0) or a.balance_cents < 0`,
  );
  // Bought lots add up to the wallet, pending earned lots to the pending account (decision 017).
  const lots = await queryRows<{ id: string; balance: string; lots: string }>(
    db,
    sql`
    select a.id, a.balance_cents as balance, coalesce(sum(l.remaining_cents), 0) as lots
    from ledger_accounts a
    left join token_lots l on l.user_id = a.user_id and l.remaining_cents > 0
      and l.kind = case a.kind when 'wallet' then 'bought' else 'earned' end
    where a.kind in ('wallet', 'earned_pending')
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(l.remaining_cents), 0)
    union all
    select (case l.kind when 'bought' then 'wallet:' else 'pending:' end) || l.user_id, 0, sum(l.remaining_cents)
    from token_lots l
    where l.remaining_cents > 0 and not exists (
      select 1 from ledger_accounts a
      where a.id = (case l.kind when 'bought' then 'wallet:' else 'pending:' end) || l.user_id)
    group by l.kind, l.user_id`,
  );
  return [
    ...lots.map((r) => ({
      kind: 'lots' as const,
      accountId: r.id,
      balanceCents: Number(r.balance),
      lotsCents: Number(r.lots),
    })),
    ...unbalanced.map((r) => ({
      kind: 'unbalanced_transfer' as const,
      transferId: r.transfer_id,
      sumCents: Number(r.sum),
    })),
    ...cached.map((r) =>
      Number(r.cached) < 0
        ? { kind: 'negative_wallet' as const, accountId: r.id, balanceCents: Number(r.cached) }
        : {
            kind: 'cached_balance' as const,
            accountId: r.id,
            cachedCents: Number(r.cached),
            entriesCents: Number(r.entries),
          },
    ),
  ];
}

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

/** Creates a user's three accounts, empty, where they do not exist yet. */
export async function ensureUserAccounts(db: Database, userId: string) {
  await db
    .insert(ledgerAccounts)
    .values([
      { id: walletAccountId(userId), kind: 'wallet', userId, balanceCents: 0 },
      { id: pendingAccountId(userId), kind: 'earned_pending', userId, balanceCents: 0 },
      { id: earnedAccountId(userId), kind: 'earned_available', userId, balanceCents: 0 },
    ])
    .onConflictDoNothing({ target: ledgerAccounts.id });
}

/** Whether an error is ledger_post() refusing to credit a closed wallet (a deleted account's). */
export function isClosedWallet(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'SW410';
}

/** Puts a hold on a wallet's spending (+1) or lifts one (-1). */
export async function changeSpendHolds(db: Database, accountId: string, delta: 1 | -1) {
  await db
    .update(ledgerAccounts)
    .set({ spendHolds: sql`greatest(0, ${ledgerAccounts.spendHolds} + ${delta})` })
    .where(eq(ledgerAccounts.id, accountId));
}

/** The transfer recorded for a provider's money movement (a card payment, a payout transfer). */
export async function findTransferByExternalRef(db: Database, externalRef: string) {
  const [row] = await db
    .select({ id: ledgerTransfers.id, kind: ledgerTransfers.kind, idempotencyKey: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.externalRef, externalRef));
  return row;
}

/** Whether an error is ledger_post() refusing to debit a wallet on hold (an open dispute). */
export function isOnHold(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'SW423';
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

/** Users with earnings made at or before `cutoff` still pending (at most `limit`). */
export async function listUsersWithDueEarnings(db: Database, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`
    select distinct user_id from token_lots
    where kind = 'earned' and remaining_cents > 0 and created_at <= ${cutoff.toISOString()}
    limit ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Clears one user's earnings made at or before `cutoff`: their accounts locked first (as every posting
 * does, so no cycle), then the due lots emptied and their sum moved from pending to available in one
 * transfer, keyed by the oldest lot's id (a lot clears once, so the key is never used twice).
 * Answers the cents cleared.
 */
export async function clearUserEarnings(db: Database, userId: string, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await findUserBalances(tx, userId, { lock: true });
    const due = await queryRows<{ id: string; remaining: string }>(
      tx,
      sql`
      select id, remaining_cents as remaining from token_lots
      where user_id = ${userId} and kind = 'earned' and remaining_cents > 0 and created_at <= ${cutoff.toISOString()}
      order by id for update`,
    );
    if (due.length === 0) return 0;
    const cents = due.reduce((sum, lot) => sum + Number(lot.remaining), 0);
    const ids = due.map((lot) => Number(lot.id));
    await tx.update(tokenLots).set({ remainingCents: 0, clearedAt: sql`now()` }).where(inArray(tokenLots.id, ids));
    await postTransfer(tx, {
      kind: 'clearing',
      idempotencyKey: `clearing:lot:${ids[0]}`,
      entries: [
        { accountId: pendingAccountId(userId), amountCents: -cents },
        { accountId: earnedAccountId(userId), amountCents: cents },
      ],
    });
    return cents;
  });
}

/** Seconds until the oldest pending earning is `clearingDays` old (0 if past), or null when none waits. */
export async function secondsUntilNextClearing(db: Database, clearingDays: number, now: Date) {
  const [row] = await queryRows<{ seconds: string | null }>(
    db,
    sql`
    select extract(epoch from (min(created_at) + make_interval(days => ${clearingDays}) - ${now.toISOString()}::timestamptz))
      as seconds
    from token_lots where kind = 'earned' and remaining_cents > 0`,
  );
  return row?.seconds ?? null;
}

/** Locks every account of these users, in id order (as ledger_post() does), creating missing ones empty. */
export async function lockUsersAccounts(db: Database, userIds: string[]) {
  const unique = [...new Set(userIds)].sort();
  for (const userId of unique) await ensureUserAccounts(db, userId);
  const ids = unique.flatMap(userAccountIds);
  const rows = await db
    .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents, closedAt: ledgerAccounts.closedAt })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, { balanceCents: r.balanceCents ?? 0, isClosed: r.closedAt !== null }]));
}

/** The bought lot a top-up made, locked. */
export async function lockBoughtLot(db: Database, topUpTransferId: string) {
  const [row] = await db
    .select()
    .from(tokenLots)
    .where(and(eq(tokenLots.transferId, topUpTransferId), eq(tokenLots.kind, 'bought')))
    .for('update');
  return row;
}

/** What a bought lot paid for, first spent first, locked. */
export async function lockLotSpends(db: Database, lotId: number) {
  return db.select().from(lotSpends).where(eq(lotSpends.lotId, lotId)).orderBy(lotSpends.id).for('update');
}

/** The earned lots a gift made (one per user credited), locked. */
export async function lockEarnedLots(db: Database, giftTransferId: string) {
  return db
    .select()
    .from(tokenLots)
    .where(and(eq(tokenLots.transferId, giftTransferId), eq(tokenLots.kind, 'earned')))
    .orderBy(tokenLots.id)
    .for('update');
}

/** Inserts a clawback the first time it is heard of; false when it was already (a repeated event). */
export async function insertClawback(db: Database, values: typeof clawbacks.$inferInsert): Promise<boolean> {
  const rows = await db.insert(clawbacks).values(values).onConflictDoNothing().returning({ id: clawbacks.id });
  return rows.length > 0;
}

export type ClawbackPart = { lotId?: number; lotSpendId?: number; amountCents: number };

/** Applies a clawback's lot changes (a lot's remainder taken, a spend taken back) and records them. */
export async function takeFromLots(db: Database, clawbackId: string, parts: ClawbackPart[], sign: 1 | -1) {
  for (const part of parts) {
    if (part.lotId !== undefined) {
      await db
        .update(tokenLots)
        .set({ remainingCents: sql`${tokenLots.remainingCents} - ${sign * part.amountCents}` })
        .where(eq(tokenLots.id, part.lotId));
    }
    if (part.lotSpendId !== undefined) {
      await db
        .update(lotSpends)
        .set({ clawedCents: sql`${lotSpends.clawedCents} + ${sign * part.amountCents}` })
        .where(eq(lotSpends.id, part.lotSpendId));
    }
  }
  if (sign === 1 && parts.length > 0) {
    await db.insert(clawbackParts).values(parts.map((p) => ({ clawbackId, ...p })));
  }
}

/**
 * The clawbacks of a dispute not given back yet, oldest first: its own (`dispute:{id}`) and what it took
 * later from refunds of the same payment that failed (`dispute:{id}:after:{refund id}`, decision 047).
 */
export async function findDisputeClawbackIds(db: Database, topUpTransferId: string, disputeId: string) {
  const id = `dispute:${disputeId}`;
  const rows = await db
    .select({ id: clawbacks.id })
    .from(clawbacks)
    .where(
      and(
        eq(clawbacks.topUpTransferId, topUpTransferId),
        isNull(clawbacks.restoredAt),
        sql`(${clawbacks.id} = ${id} or starts_with(${clawbacks.id}, ${`${id}:`}))`,
      ),
    )
    .orderBy(clawbacks.createdAt, clawbacks.id);
  return rows.map((r) => r.id);
}

/** A clawback not given back yet, locked, with its lot changes and its transfer's entries. */
export async function lockClawback(db: Database, id: string) {
  const [row] = await db.select().from(clawbacks).where(eq(clawbacks.id, id)).for('update');
  if (!row || row.restoredAt) return undefined;
  const parts = await db
    .select({
      lotId: clawbackParts.lotId,
      lotSpendId: clawbackParts.lotSpendId,
      amountCents: clawbackParts.amountCents,
      lotUserId: tokenLots.userId,
      lotKind: tokenLots.kind,
      lotClearedAt: tokenLots.clearedAt,
      spendTransferId: lotSpends.transferId,
    })
    .from(clawbackParts)
    .leftJoin(tokenLots, eq(tokenLots.id, clawbackParts.lotId))
    .leftJoin(lotSpends, eq(lotSpends.id, clawbackParts.lotSpendId))
    .where(eq(clawbackParts.clawbackId, id))
    .orderBy(clawbackParts.id);
  const entries = await db
    .select({ accountId: ledgerEntries.accountId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, row.transferId));
  return { ...row, parts, entries };
}

export async function markClawbackRestored(db: Database, id: string) {
  await db.update(clawbacks).set({ restoredAt: sql`now()` }).where(eq(clawbacks.id, id));
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
