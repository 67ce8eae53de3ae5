import { formatDollars } from '@sweetwish/shared/money';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { recordWebhookEvent } from '../card-webhooks/service';
import { recordInboxEvent } from '../inbox/service';
import type { PayoutDeps } from './payout-deps';
import {
  applyPayoutToWithdrawal,
  findWithdrawalByDestinationPayment,
  markEarlierFailedPayoutsPaid,
  markWithdrawalTransferred,
  type PaidWithdrawal,
  updatePayoutAccount,
  wakeWithdrawalsAwaitingFunds,
} from './repo';
import { statusOf } from './service';

/**
 * Events on connected accounts (Stripe's Connect webhooks, decision 018): each is recorded once with its
 * effect, as the platform's are, and applied by its `created` time and the object's state, not by arrival.
 */

/** What the creator reads when the bank refused a payout: what failed, and what to do. */
export function payoutFailureText(payout: Pick<Stripe.Payout, 'failure_message'>): string {
  const what = payout.failure_message ?? 'Your bank could not accept this payout.';
  return `${what} Update your bank details with Update Account in Request Withdrawal; the money waits in your payout account and is paid out again once they are fixed.`;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** A withdrawal a payout carried; with its transfer when our record of the transfer is not written yet. */
type Carried = { withdrawalId: string; transfer?: Stripe.Transfer };

/**
 * The most balance transactions read for one payout event: a payout on a schedule carries every transfer since
 * the last one (up to 200 withdrawals a day per creator, write-policy.ts), 100 to a page. A payout with more
 * is logged, and the withdrawals past the bound stay in transit for support to settle.
 */
const MAX_PAYOUT_TRANSACTIONS = 5_000;

/**
 * Which withdrawals a payout carried: the payout's balance transactions on the connected account name
 * each transfer's destination payment (`py_...`), which the withdrawal records when its transfer is made.
 * Every page is read: a list answers at most 100. One whose transfer answer is not recorded yet (the payout
 * event overtook it) is found through the account's transfers and their metadata, read until each such
 * payment is found. Network calls: made before the event's transaction.
 */
async function withdrawalsCarriedBy(deps: PayoutDeps, account: string, payout: Stripe.Payout): Promise<Carried[]> {
  const stripe = (deps.payments as NonNullable<PayoutDeps['payments']>).stripe;
  const sources: string[] = [];
  let read = 0;
  for await (const transaction of stripe.balanceTransactions.list(
    { payout: payout.id, limit: 100 },
    { stripeAccount: account },
  )) {
    if (++read > MAX_PAYOUT_TRANSACTIONS) {
      deps.logger.error({ payoutId: payout.id, account }, 'a payout carried more transactions than are read');
      break;
    }
    // The payout's own transaction (type `payout`) names the payout, not a transfer.
    const source = transaction.type === 'payout' ? null : idOf(transaction.source);
    if (source !== null) sources.push(source);
  }
  const carried: Carried[] = [];
  const unrecorded = new Set<string>();
  for (const source of sources) {
    const row = await findWithdrawalByDestinationPayment(deps.db, source);
    if (row) carried.push({ withdrawalId: row.id });
    else unrecorded.add(source);
  }
  if (unrecorded.size === 0) return carried;
  let looked = 0;
  for await (const transfer of stripe.transfers.list({ destination: account, limit: 100 })) {
    const payment = idOf(transfer.destination_payment);
    const withdrawalId = transfer.metadata?.withdrawalId;
    if (payment && unrecorded.delete(payment) && withdrawalId) carried.push({ withdrawalId, transfer });
    if (unrecorded.size === 0 || ++looked >= MAX_PAYOUT_TRANSACTIONS) break;
  }
  return carried;
}

/** Applies a verified Connect event once (the event's id is recorded with its effect). */
export async function handleConnectEvent(deps: PayoutDeps, event: Stripe.Event): Promise<void> {
  const account = event.account ?? null;
  let carried: Carried[] = [];
  if ((event.type === 'payout.paid' || event.type === 'payout.failed') && account && deps.payments) {
    carried = await withdrawalsCarriedBy(deps, account, event.data.object);
  }
  await deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, { id: event.id, type: event.type }))) return;
    switch (event.type) {
      case 'account.updated':
        return updatePayoutAccount(tx, event.data.object.id, statusOf(event.data.object), event.created);
      case 'payout.paid':
      case 'payout.failed':
        return applyPayout(tx, deps.logger, event.type, event.data.object, event.created, account, carried);
    }
  });
}

async function applyPayout(
  db: Database,
  logger: Logger,
  type: 'payout.paid' | 'payout.failed',
  payout: Stripe.Payout,
  created: number,
  account: string | null,
  carried: Carried[],
) {
  const failureMessage = type === 'payout.failed' ? payoutFailureText(payout) : null;
  if (type === 'payout.failed') {
    logger.warn({ payoutId: payout.id, account, failureCode: payout.failure_code }, 'a payout to a creator failed');
  }
  for (const { withdrawalId, transfer } of carried) {
    if (transfer) {
      await markWithdrawalTransferred(db, withdrawalId, {
        id: transfer.id,
        destinationPayment: idOf(transfer.destination_payment),
      });
    }
    const applied = await applyPayoutToWithdrawal(db, withdrawalId, { id: payout.id, created, failureMessage });
    if (applied && type === 'payout.paid') await tellPayoutPaid(db, applied);
  }
  if (type === 'payout.paid' && account) {
    for (const paid of await markEarlierFailedPayoutsPaid(db, account, { id: payout.id, created })) {
      await tellPayoutPaid(db, paid);
    }
  }
}

/** The creator's inbox hears that a withdrawal reached their bank, once per withdrawal (decision 130). */
async function tellPayoutPaid(db: Database, withdrawal: PaidWithdrawal) {
  await recordInboxEvent(db, {
    userId: withdrawal.userId,
    eventKey: `payout:${withdrawal.id}`,
    kind: 'payout',
    text: `Your withdrawal of ${formatDollars(withdrawal.amountCents)} was paid out to your bank account.`,
    path: '/balance',
  });
}

/** balance.available (platform endpoint): withdrawals waiting for funds are tried again now. */
export async function applyBalanceAvailable(db: Database): Promise<void> {
  await wakeWithdrawalsAwaitingFunds(db);
}
