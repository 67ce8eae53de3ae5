import Stripe from 'stripe';
import type { PayoutDeps } from './payout-deps';
import {
  claimWithdrawal,
  markAwaitingFunds,
  markWithdrawalTransferred,
  recordTransferKey,
  releaseWithdrawal,
  type WithdrawalRow,
} from './repo';
import { failWithdrawal } from './withdrawal-ledger';

/** How long one transfer attempt may hold a withdrawal before its job may try it again. */
export const WITHDRAWAL_LEASE_MS = 2 * 60_000;
/** Waits before trying an unclear transfer again: never given up, since a transfer may exist. */
const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 3600];
/** Waits while the platform balance is short; `balance.available` wakes them sooner. */
const FUNDS_RETRY_DELAYS_SECONDS = [600, 1800, 3600, 3 * 3600, 6 * 3600];
/**
 * The provider keeps an idempotency key 24 hours ("Idempotent requests"): past 23 hours (an hour's margin
 * for clocks and a request under way) a retry with it could make a second transfer, so the transfer is
 * looked up first (decision 018).
 */
export const KEY_LOOKUP_AFTER_MS = 23 * 60 * 60_000;

export const withdrawalTransferGroup = (withdrawalId: string) => `withdrawal_${withdrawalId}`;

const delayAfter = (delays: number[], attempts: number) =>
  delays[Math.min(Math.max(attempts - 1, 0), delays.length - 1)] as number;

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/**
 * The withdrawal's transfer at the provider, if one was made: by its transfer group, checked against the
 * metadata and destination every transfer of ours carries.
 */
export async function findProviderTransfer(stripe: Stripe, row: WithdrawalRow): Promise<Stripe.Transfer | undefined> {
  const page = await stripe.transfers.list({ transfer_group: withdrawalTransferGroup(row.id), limit: 10 });
  return page.data.find(
    (transfer) => transfer.metadata?.withdrawalId === row.id && idOf(transfer.destination) === row.providerAccountId,
  );
}

async function markTransferred(deps: PayoutDeps, id: string, transfer: Stripe.Transfer) {
  await markWithdrawalTransferred(deps.db, id, {
    id: transfer.id,
    destinationPayment: idOf(transfer.destination_payment),
  });
}

const isBalanceInsufficient = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'balance_insufficient';

/** 401 and 403: the key or its permissions are wrong now; an earlier attempt may still have succeeded. */
const isAuthProblem = (err: unknown) =>
  err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError;

/** A definite refusal: the provider will not make this transfer (an account that cannot receive it). */
const isDefiniteRefusal = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError;

/**
 * One attempt to make a pending withdrawal's transfer, so however often it is tried (a retry after an
 * unclear answer, its job after a crash) there is one transfer (decision 018):
 * - the idempotency key is the withdrawal's while the provider keeps it; past 23 hours the transfer is
 *   looked up by its group first, and only when none exists is a new key used;
 * - made: in transit (its payout to the bank completes it);
 * - `balance_insufficient`: still pending, tried again when the platform balance may have grown;
 * - 401/403 or no answer: still pending, tried again later (a 401/403 is logged as an alert);
 * - refused: looked up once more, then failed with the money back in the wallet.
 * Does nothing for a withdrawal someone else is trying or that is settled.
 */
export async function attemptWithdrawalTransfer(deps: PayoutDeps, id: string): Promise<void> {
  const row = await claimWithdrawal(deps.db, id, WITHDRAWAL_LEASE_MS);
  if (!row) return;
  const payments = deps.payments;
  if (!payments) {
    await releaseWithdrawal(deps.db, id, RETRY_DELAYS_SECONDS.at(-1) as number);
    return;
  }
  const now = deps.now?.() ?? new Date();
  let key = row.transferKey ?? `withdrawal:${row.id}`;
  if (row.transferKeySentAt && now.getTime() - row.transferKeySentAt.getTime() > KEY_LOOKUP_AFTER_MS) {
    const found = await lookUp(deps, row);
    if (found === 'unclear') return;
    if (found) {
      deps.logger.info({ withdrawalId: id, transferId: found.id }, 'a late retry found the withdrawal’s transfer');
      await markTransferred(deps, id, found);
      return;
    }
    // None was made under the forgotten key, and this claim is the only attempt: a new key is safe.
    key = `withdrawal:${row.id}:${now.getTime()}`;
    await recordTransferKey(deps.db, id, key, now);
  } else if (!row.transferKeySentAt) {
    await recordTransferKey(deps.db, id, key, now);
  }
  try {
    const transfer = await payments.stripe.transfers.create(
      {
        amount: row.amountCents,
        currency: 'usd',
        destination: row.providerAccountId,
        transfer_group: withdrawalTransferGroup(row.id),
        metadata: { withdrawalId: row.id },
      },
      { idempotencyKey: key },
    );
    await markTransferred(deps, id, transfer);
  } catch (err) {
    await settleRefusal(deps, row, err, now);
  }
}

/** The transfer found, none (undefined), or 'unclear' when the lookup failed (released for later). */
async function lookUp(deps: PayoutDeps, row: WithdrawalRow): Promise<Stripe.Transfer | undefined | 'unclear'> {
  try {
    return await findProviderTransfer((deps.payments as NonNullable<PayoutDeps['payments']>).stripe, row);
  } catch (err) {
    const retryIn = delayAfter(RETRY_DELAYS_SECONDS, row.attempts);
    deps.logger.warn({ err, withdrawalId: row.id, retryInSeconds: retryIn }, 'a withdrawal transfer lookup failed');
    await releaseWithdrawal(deps.db, row.id, retryIn);
    return 'unclear';
  }
}

async function settleRefusal(deps: PayoutDeps, row: WithdrawalRow, err: unknown, now: Date): Promise<void> {
  const id = row.id;
  if (isBalanceInsufficient(err)) {
    const retryIn = delayAfter(FUNDS_RETRY_DELAYS_SECONDS, row.attempts);
    deps.logger.warn({ withdrawalId: id, retryInSeconds: retryIn }, 'the platform balance is short for a withdrawal');
    // The provider keeps this answer under the key: the next attempt needs a new one (none was made).
    await markAwaitingFunds(deps.db, id, `withdrawal:${id}:${now.getTime()}`);
    await releaseWithdrawal(deps.db, id, retryIn);
    return;
  }
  const retryIn = delayAfter(RETRY_DELAYS_SECONDS, row.attempts);
  if (isAuthProblem(err)) {
    deps.logger.error(
      { err, withdrawalId: id, retryInSeconds: retryIn, alert: 'card-provider-auth' },
      'ALERT: the card provider answered 401/403 to a withdrawal transfer: check the API key and its permissions; retrying',
    );
    await releaseWithdrawal(deps.db, id, retryIn);
    return;
  }
  if (isDefiniteRefusal(err)) {
    const found = await lookUp(deps, row);
    if (found === 'unclear') return;
    if (found) {
      await markTransferred(deps, id, found);
      return;
    }
    deps.logger.warn({ err, withdrawalId: id }, 'the card provider refused a withdrawal: its money goes back');
    await failWithdrawal(deps.db, id, (err as Error).message);
    return;
  }
  deps.logger.warn({ err, withdrawalId: id, retryInSeconds: retryIn }, 'a withdrawal transfer is unclear; retrying');
  await releaseWithdrawal(deps.db, id, retryIn);
}
