import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { ledgerTransfersPosted } from '../../metrics/registry';
import { type LedgerTransferKind, ledgerAccounts, ledgerEntries, ledgerTransfers } from './tables';

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

/** Whether an error is ledger_post() refusing a debit larger than the wallet. */
export function isInsufficientBalance(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'SW402';
}

export async function findWalletBalance(db: Database, accountId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.balanceCents ?? undefined;
}

export type Discrepancy =
  | { kind: 'unbalanced_transfer'; transferId: string; sumCents: number }
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
  return [
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
export async function closeEmptyWallet(db: Database, accountId: string, userId: string): Promise<number> {
  const balance = await lockWalletBalance(db, accountId, userId);
  if (balance === 0) {
    await db.update(ledgerAccounts).set({ closedAt: sql`now()` }).where(eq(ledgerAccounts.id, accountId));
  }
  return balance;
}

/** Whether an error is ledger_post() refusing to credit a closed wallet (a deleted account's). */
export function isClosedWallet(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === 'SW410';
}

/**
 * A user's wallet balance, with the row locked until the transaction ends (created empty if it never
 * existed), for a posting that depends on what the wallet holds (a dispute takes at most the balance).
 */
export async function lockWalletBalance(db: Database, accountId: string, userId: string): Promise<number> {
  await db
    .insert(ledgerAccounts)
    .values({ id: accountId, kind: 'wallet', userId, balanceCents: 0 })
    .onConflictDoNothing({ target: ledgerAccounts.id });
  const [wallet] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
    .for('update');
  return wallet?.balanceCents ?? 0;
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

/** A wallet's entries, newest first: before an entry id, or within a time range. */
export async function listWalletEntries(
  db: Database,
  accountId: string,
  page: { beforeId?: number | undefined; from?: Date; until?: Date; limit: number },
) {
  return db
    .select({
      id: ledgerEntries.id,
      transferId: ledgerEntries.transferId,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransfers.kind,
      idempotencyKey: ledgerTransfers.idempotencyKey,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        page.beforeId === undefined ? undefined : lt(ledgerEntries.id, page.beforeId),
        page.from === undefined ? undefined : gte(ledgerEntries.createdAt, page.from),
        page.until === undefined ? undefined : lt(ledgerEntries.createdAt, page.until),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit);
}
