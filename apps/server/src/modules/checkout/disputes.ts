import type Stripe from 'stripe';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { PLATFORM_ACCOUNTS, walletAccountId } from '../wallet/accounts';
import {
  changeSpendHolds,
  findTransferByExternalRef,
  type LedgerTransfer,
  lockWalletBalance,
  postTransfer,
} from '../wallet/repo';
import { closeDisputeRow, findTopUp, insertDispute, lockDispute } from './repo';

/**
 * Card disputes of top-ups (design.md section 3). Each handler runs inside the webhook's transaction, so
 * its effect commits with the event's record and happens once.
 */

type DisputeParts = {
  userId: string;
  amountCents: number;
  debitedCents: number;
  receivableCents: number;
  feeCents: number;
};

/**
 * The dispute's ledger transfer: the card gets the disputed amount back; the tokens it bought leave the
 * wallet as far as it holds them, the rest is owed (the dispute receivable); the platform gives back its
 * part of the payment (the service fee, or takes back a discount). The reversal is the same, negated.
 */
function disputeTransfer(id: string, parts: DisputeParts, isReversal: boolean): LedgerTransfer {
  const sign = isReversal ? -1 : 1;
  return {
    kind: isReversal ? 'dispute_reversal' : 'dispute',
    idempotencyKey: `${isReversal ? 'dispute_reversal' : 'dispute'}:${id}`,
    entries: [
      { accountId: PLATFORM_ACCOUNTS.card, amountCents: sign * parts.amountCents },
      { accountId: walletAccountId(parts.userId), amountCents: -sign * parts.debitedCents },
      { accountId: PLATFORM_ACCOUNTS.disputeReceivable, amountCents: -sign * parts.receivableCents },
      { accountId: PLATFORM_ACCOUNTS.revenue, amountCents: -sign * parts.feeCents },
    ].filter((e) => e.amountCents !== 0),
  };
}

function idOf(value: string | { id: string } | null): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

/**
 * charge.dispute.created: the buyer's wallet is debited down to zero at most, the shortfall goes to the
 * dispute receivable, and the wallet is put on hold (it cannot spend) until the dispute closes.
 */
export async function openDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  const paymentIntent = idOf(dispute.payment_intent);
  const payment = paymentIntent ? await findTransferByExternalRef(db, paymentIntent) : undefined;
  const topUp =
    payment?.kind === 'top_up' ? await findTopUp(db, payment.idempotencyKey.replace(/^top_up:/, '')) : undefined;
  if (!topUp) {
    logger.warn({ disputeId: dispute.id, paymentIntent }, 'a dispute of a payment that is not one of our top-ups');
    return;
  }
  const tokensCents = Math.round((topUp.quantity * 100 * dispute.amount) / topUp.totalCents);
  const balance = await lockWalletBalance(db, walletAccountId(topUp.userId), topUp.userId);
  const debitedCents = Math.min(balance, tokensCents);
  const parts: DisputeParts = {
    userId: topUp.userId,
    amountCents: dispute.amount,
    debitedCents,
    receivableCents: tokensCents - debitedCents,
    feeCents: dispute.amount - tokensCents,
  };
  if (!(await insertDispute(db, { id: dispute.id, topUpId: topUp.id, ...parts }))) return;
  await postTransfer(db, disputeTransfer(dispute.id, parts, false));
  await changeSpendHolds(db, walletAccountId(topUp.userId), 1);
  await notifyChange(db, { topic: 'wallet', userId: topUp.userId });
}

/**
 * charge.dispute.closed: won, the dispute's transfer is reversed; lost, it stays (what the wallet could not
 * cover stays owed). Either way the hold is lifted. A close heard before the open applies the open first.
 */
export async function closeDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  let row = await lockDispute(db, dispute.id);
  if (!row) {
    await openDispute(db, logger, dispute);
    row = await lockDispute(db, dispute.id);
  }
  if (row?.status !== 'open') return;
  const isLost = dispute.status === 'lost';
  if (!isLost) await postTransfer(db, disputeTransfer(row.id, row, true));
  await closeDisputeRow(db, row.id, isLost ? 'lost' : 'won');
  await changeSpendHolds(db, walletAccountId(row.userId), -1);
  await notifyChange(db, { topic: 'wallet', userId: row.userId });
}
