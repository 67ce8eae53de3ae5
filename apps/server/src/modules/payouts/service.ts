import { randomUUID } from 'node:crypto';
import type {
  OnboardingLink,
  OnboardingLinkInput,
  PayoutAccountStatus,
  Withdrawal,
  WithdrawalInput,
} from '@sweetwish/shared/payouts';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import Stripe from 'stripe';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { earnedAccountId, PLATFORM_ACCOUNTS } from '../wallet/accounts';
import { isInsufficientBalance, isOnHold, type LedgerTransfer, postTransfer } from '../wallet/repo';
import {
  claimWithdrawal,
  findPayoutAccount,
  findWithdrawal,
  findWithdrawalByTransfer,
  hasPendingWithdrawal,
  insertPayoutAccount,
  insertWithdrawal,
  listUserWithdrawals,
  markWithdrawalFailed,
  markWithdrawalPaid,
  releaseWithdrawal,
  updatePayoutAccount,
  type WithdrawalRow,
} from './repo';

export type PayoutDeps = {
  db: Database;
  /** Undefined on a public host without Stripe settings: payouts then fail with the spec's messages. */
  payments: CardPayments | undefined;
  logger: Logger;
  publicOrigin: string;
};

/** How long one transfer attempt may hold a withdrawal before the worker may try it again. */
export const WITHDRAWAL_LEASE_MS = 2 * 60_000;
/** Waits before trying an unclear transfer again: never given up, since a transfer may exist. */
const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 3600];

function paymentsOrFail(deps: PayoutDeps, message: string): CardPayments {
  if (!deps.payments) throw new AppError('INTERNAL', message);
  return deps.payments;
}

type AccountStatus = { payoutsEnabled: boolean; detailsSubmitted: boolean };

function statusOf(account: Stripe.Account): AccountStatus {
  return { payoutsEnabled: account.payouts_enabled ?? false, detailsSubmitted: account.details_submitted ?? false };
}

/**
 * getStripeAccountStatus: the user's payout account, or null before onboarding. An account not yet enabled
 * is looked up at the provider, so the answer does not wait for the webhook.
 */
export async function getPayoutAccountStatus(deps: PayoutDeps, userId: string): Promise<PayoutAccountStatus> {
  const account = await findPayoutAccount(deps.db, userId);
  if (!account) return { account: null };
  let status: AccountStatus = account;
  if (!account.payoutsEnabled) {
    const payments = paymentsOrFail(deps, PAYOUT_MESSAGES.loadFailed);
    try {
      status = statusOf(await payments.stripe.accounts.retrieve(account.providerAccountId));
    } catch (err) {
      deps.logger.error({ err }, 'the card provider could not look up a payout account');
      throw new AppError('INTERNAL', PAYOUT_MESSAGES.loadFailed);
    }
    await updatePayoutAccount(deps.db, account.providerAccountId, status);
  }
  return { account: { id: account.providerAccountId, ...status } };
}

/**
 * createStripeOnboardingLink: the user's Express account (made on the first call, once however many calls
 * race, by the provider's idempotency key and our unique row) and a link to its onboarding, which returns
 * to the page it started from.
 */
export async function createOnboardingLink(
  deps: PayoutDeps,
  userId: string,
  input: OnboardingLinkInput,
): Promise<OnboardingLink> {
  const payments = paymentsOrFail(deps, PAYOUT_MESSAGES.updateFailed);
  try {
    let accountId = (await findPayoutAccount(deps.db, userId))?.providerAccountId;
    if (!accountId) {
      const account = await payments.stripe.accounts.create(
        { type: 'express', country: 'US', capabilities: { transfers: { requested: true } }, metadata: { userId } },
        { idempotencyKey: `payout-account:${userId}` },
      );
      accountId = await insertPayoutAccount(deps.db, userId, account.id);
    }
    const back = `${deps.publicOrigin}${input.location}`;
    const link = await payments.stripe.accountLinks.create({
      account: accountId,
      refresh_url: back,
      return_url: back,
      type: 'account_onboarding',
    });
    return { url: link.url };
  } catch (err) {
    deps.logger.error({ err }, 'the card provider could not start payout onboarding');
    throw new AppError('INTERNAL', PAYOUT_MESSAGES.updateFailed);
  }
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function listWithdrawals(db: Database, userId: string): Promise<Withdrawal[]> {
  return (await listUserWithdrawals(db, userId)).map(toWithdrawal);
}

/**
 * Available earned tokens pay the payout account's counterpart (design.md section 3, decision 017): bought
 * and pending tokens are never withdrawn. Its reversal gives them back as available.
 */
function withdrawalTransfer(row: { id: string; userId: string; amountCents: number }, isReversal: boolean) {
  const sign = isReversal ? -1 : 1;
  return {
    kind: isReversal ? 'withdrawal_reversal' : 'withdrawal',
    idempotencyKey: `${isReversal ? 'withdrawal_reversal' : 'withdrawal'}:${row.id}`,
    entries: [
      { accountId: earnedAccountId(row.userId), amountCents: -sign * row.amountCents },
      { accountId: PLATFORM_ACCOUNTS.payout, amountCents: sign * row.amountCents },
    ],
  } satisfies LedgerTransfer;
}

/**
 * Writes the withdrawal and debits the wallet in one transaction (design.md section 3): a conditional
 * debit, so parallel withdrawals never overdraw it. Nothing is written when the wallet holds too little
 * or is on hold.
 */
export async function debitWithdrawal(
  deps: Pick<PayoutDeps, 'db'>,
  userId: string,
  input: WithdrawalInput,
): Promise<WithdrawalRow> {
  const account = await findPayoutAccount(deps.db, userId);
  if (!account?.payoutsEnabled) throw new AppError('FORBIDDEN', PAYOUT_MESSAGES.update);
  const row = { id: randomUUID(), userId, amountCents: input.amount * 100 };
  try {
    await deps.db.transaction(async (tx) => {
      await insertWithdrawal(tx, { ...row, providerAccountId: account.providerAccountId });
      await postTransfer(tx, withdrawalTransfer(row, false));
    });
  } catch (err) {
    if (isInsufficientBalance(err)) throw new AppError('INSUFFICIENT_BALANCE', PAYOUT_MESSAGES.insufficient);
    if (isOnHold(err)) throw new AppError('FORBIDDEN', WALLET_MESSAGES.onHold);
    throw err;
  }
  const stored = await findWithdrawal(deps.db, row.id);
  if (!stored) throw new Error('the withdrawal was not recorded');
  return stored;
}

/** A definite refusal: the provider will not make this transfer, so the money goes back to the wallet. */
function isDefiniteRefusal(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeInvalidRequestError ||
    err instanceof Stripe.errors.StripePermissionError ||
    err instanceof Stripe.errors.StripeAuthenticationError ||
    err instanceof Stripe.errors.StripeCardError
  );
}

/**
 * Fails a withdrawal and gives its money back, once: the status change and the reversal commit together
 * (inside a caller's transaction too), and the reversal's key is the withdrawal's.
 */
export async function failWithdrawal(db: Database, id: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await markWithdrawalFailed(tx, id, message);
    if (row) await postTransfer(tx, withdrawalTransfer(row, true));
  });
}

/**
 * One attempt to make a pending withdrawal's transfer, with the withdrawal's id as idempotency key, so
 * however often it is tried (a retry after an unclear answer, the worker after a crash) there is one
 * transfer. Paid on success; failed (and reversed) on a definite refusal; otherwise left pending for the
 * worker. Does nothing for a withdrawal someone else is trying or that is settled.
 */
export async function attemptWithdrawalTransfer(deps: PayoutDeps, id: string): Promise<void> {
  const row = await claimWithdrawal(deps.db, id, WITHDRAWAL_LEASE_MS);
  if (!row) return;
  if (!deps.payments) {
    await releaseWithdrawal(deps.db, id, RETRY_DELAYS_SECONDS.at(-1) as number);
    return;
  }
  try {
    const transfer = await deps.payments.stripe.transfers.create(
      {
        amount: row.amountCents,
        currency: 'usd',
        destination: row.providerAccountId,
        transfer_group: `withdrawal_${row.id}`,
        metadata: { withdrawalId: row.id },
      },
      { idempotencyKey: `withdrawal:${row.id}` },
    );
    await markWithdrawalPaid(deps.db, id, transfer.id);
  } catch (err) {
    if (isDefiniteRefusal(err)) {
      deps.logger.warn({ err, withdrawalId: id }, 'the card provider refused a withdrawal: its money goes back');
      await failWithdrawal(deps.db, id, (err as Error).message);
      return;
    }
    const retryIn = RETRY_DELAYS_SECONDS[Math.min(row.attempts - 1, RETRY_DELAYS_SECONDS.length - 1)] as number;
    deps.logger.warn({ err, withdrawalId: id, retryInSeconds: retryIn }, 'a withdrawal transfer is unclear; retrying');
    await releaseWithdrawal(deps.db, id, retryIn);
  }
}

/**
 * makeStripeWithdrawal: debits the wallet, then asks for the transfer. A definite refusal answers "Failed to
 * submit withdrawal" (the money is back); an unclear answer leaves it pending for the worker.
 */
export async function requestWithdrawal(deps: PayoutDeps, userId: string, input: WithdrawalInput): Promise<Withdrawal> {
  const debited = await debitWithdrawal(deps, userId, input);
  await attemptWithdrawalTransfer(deps, debited.id);
  const row = await findWithdrawal(deps.db, debited.id);
  if (!row || row.status === 'failed') throw new AppError('CONFLICT', PAYOUT_MESSAGES.submitFailed);
  return toWithdrawal(row);
}

/** account.updated: the account's status as the provider now has it. */
export async function applyAccountUpdate(db: Database, account: Stripe.Account): Promise<void> {
  await updatePayoutAccount(db, account.id, statusOf(account));
}

/**
 * transfer.reversed: money of a withdrawal came back to the platform, so it goes back to the wallet. The
 * withdrawal is found by the transfer's metadata too: one whose answer was lost (still pending, the worker
 * not yet back) has no transfer id recorded. A partial reversal (never asked for by us; only by hand in the
 * provider's dashboard) is logged for support rather than guessed at.
 */
export async function applyTransferReversal(db: Database, logger: Logger, transfer: Stripe.Transfer): Promise<void> {
  const withdrawalId = transfer.metadata?.withdrawalId;
  const row =
    (withdrawalId ? await findWithdrawal(db, withdrawalId) : undefined) ??
    (await findWithdrawalByTransfer(db, transfer.id));
  if (!row) return;
  if (transfer.amount_reversed < transfer.amount) {
    logger.error(
      { withdrawalId: row.id, transferId: transfer.id, amountReversed: transfer.amount_reversed },
      'a withdrawal transfer was partly reversed: settle it by hand',
    );
    return;
  }
  await failWithdrawal(db, row.id, 'The transfer was reversed');
}

/** Call before deleting an account: money on its way out must arrive (or come back) first. */
export async function hasWithdrawalInFlight(db: Database, userId: string): Promise<boolean> {
  return hasPendingWithdrawal(db, userId);
}
