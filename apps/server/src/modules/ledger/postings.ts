import { eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { ledgerTransfersPosted } from '../../metrics/registry';
import { earnedAccountId, pendingAccountId, userAccountIds, walletAccountId } from './accounts';
import { type LedgerTransferKind, ledgerAccounts, ledgerTransfers } from './tables';

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
