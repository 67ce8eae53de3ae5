import { randomUUID } from 'node:crypto';
import type {
  OnboardingLink,
  OnboardingLinkInput,
  PayoutAccountStatus,
  Withdrawal,
  WithdrawalInput,
  WithdrawalPage,
} from '@sweetwish/shared/payouts';
import { PAYOUT_MESSAGES } from '@sweetwish/shared/payouts-rules';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type Stripe from 'stripe';
import type { CardPayments } from '../../adapters/payments/card-payments';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { keyedId } from '../../http/idempotency/keyed-id';
import { enqueueJob } from '../../jobs/repo';
import type { Logger } from '../../logger';
import { isInsufficientBalance, isOnHold, postTransfer } from '../ledger/service';
import type { PayoutDeps } from './payout-deps';
import {
  findPayoutAccount,
  findWithdrawal,
  findWithdrawalByTransfer,
  hasPendingWithdrawal,
  insertPayoutAccount,
  insertWithdrawal,
  listUserWithdrawals,
  updatePayoutAccount,
  type WithdrawalRow,
} from './repo';
import { attemptWithdrawalTransfer } from './transfer-attempt';
import { withdrawalJobKey, withdrawalJobKind } from './withdrawal-job-kind';
import { failWithdrawal, withdrawalTransfer } from './withdrawal-ledger';

export type { PayoutDeps };
export { attemptWithdrawalTransfer, failWithdrawal };

/**
 * When a new withdrawal's job first looks at it. The request claims the withdrawal milliseconds after the
 * debit commits and holds it while it talks to the provider (the job then waits for the claim to end), so
 * this only has to cover that gap: a job that came first would leave the request no answer to give.
 */
const FIRST_JOB_RUN_AFTER_SECONDS = 5;

/** The card provider, or 503 on a deployment without one (a public address without STRIPE_*). */
function paymentsOrFail(deps: PayoutDeps): CardPayments {
  if (!deps.payments) throw new AppError('UNAVAILABLE', PAYOUT_MESSAGES.unavailable);
  return deps.payments;
}

type AccountStatus = { payoutsEnabled: boolean; detailsSubmitted: boolean };

export function statusOf(account: Stripe.Account): AccountStatus {
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
    const payments = paymentsOrFail(deps);
    // The state as of now: an account.updated created before this lookup and heard after it changes nothing.
    const asOf = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
    try {
      status = statusOf(await payments.stripe.accounts.retrieve(account.providerAccountId));
    } catch (err) {
      deps.logger.error({ err }, 'the card provider could not look up a payout account');
      throw new AppError('INTERNAL', PAYOUT_MESSAGES.loadFailed);
    }
    await updatePayoutAccount(deps.db, account.providerAccountId, status, asOf);
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
  const payments = paymentsOrFail(deps);
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
    // Only a failed payout's message is for the creator; a refused transfer's is the provider's wording.
    failureMessage: row.status === 'payout_failed' ? row.failureMessage : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function listWithdrawals(db: Database, userId: string, page: PageRequest): Promise<WithdrawalPage> {
  const { rows, nextCursor } = cutPage(await listUserWithdrawals(db, userId, page), page, (row) => row.id);
  return { items: rows.map(toWithdrawal), nextCursor };
}

/**
 * Writes the withdrawal and debits the wallet in one transaction (architecture.md section 3): a conditional
 * debit, so parallel withdrawals never overdraw it. Nothing is written when the wallet holds too little
 * or is on hold.
 */
export async function debitWithdrawal(
  deps: Pick<PayoutDeps, 'db'>,
  userId: string,
  input: WithdrawalInput,
  id: string = randomUUID(),
): Promise<WithdrawalRow> {
  const account = await findPayoutAccount(deps.db, userId);
  if (!account?.payoutsEnabled) throw new AppError('FORBIDDEN', PAYOUT_MESSAGES.update);
  const row = { id, userId, amountCents: input.amount * 100 };
  try {
    await deps.db.transaction(async (tx) => {
      await insertWithdrawal(tx, { ...row, providerAccountId: account.providerAccountId });
      await postTransfer(tx, withdrawalTransfer(row, false));
      // Finishes the transfer if this request cannot (it stops, or the answer is unclear): worker.ts.
      await enqueueJob(
        tx,
        withdrawalJobKind,
        { withdrawalId: id },
        {
          key: withdrawalJobKey(id),
          delaySeconds: FIRST_JOB_RUN_AFTER_SECONDS,
        },
      );
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

/**
 * makeStripeWithdrawal: debits the wallet, then asks for the transfer. A definite refusal answers "Failed to
 * submit withdrawal" (the money is back); an unclear answer leaves it pending for its job (worker.ts).
 */
export async function requestWithdrawal(
  deps: PayoutDeps,
  userId: string,
  input: WithdrawalInput,
  requestKey?: string,
): Promise<Withdrawal> {
  // A keyed retry (decision 019) finds the withdrawal its first attempt made and answers it.
  const id = requestKey === undefined ? randomUUID() : keyedId('withdrawal', userId, requestKey);
  const earlier = await findWithdrawal(deps.db, id);
  if (earlier && earlier.userId !== userId) throw new AppError('CONFLICT', PAYOUT_MESSAGES.submitFailed);
  if (!earlier) await debitWithdrawal(deps, userId, input, id);
  await attemptWithdrawalTransfer(deps, id);
  const row = await findWithdrawal(deps.db, id);
  if (!row || row.status === 'failed') throw new AppError('CONFLICT', PAYOUT_MESSAGES.submitFailed);
  return toWithdrawal(row);
}

/**
 * transfer.reversed: money of a withdrawal came back to the platform, so it goes back to the wallet. The
 * withdrawal is found by the transfer's metadata too: one whose answer was lost (still pending, its job
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
