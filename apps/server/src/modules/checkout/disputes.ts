import type Stripe from 'stripe';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import {
  changeSpendHolds,
  findDisputeClawbackIds,
  lockClawback,
  PLATFORM_ACCOUNTS,
  postTransfer,
  walletAccountId,
} from '../ledger/service';
import { clawBack, restoreClawback } from './clawback';
import { addDisputeFee, closeDisputeRow, insertDispute, lockDispute, lockDisputesInEffect } from './repo';
import type { topUps } from './tables';
import { idOf, tokensOfPayment, topUpOfPayment } from './top-up-of-payment';

type TopUp = typeof topUps.$inferSelect;

/**
 * Card disputes of top-ups (architecture.md section 3, decision 017). Each handler runs inside the webhook's
 * transaction, so its effect commits with the event's record and happens once; each clawback has its own key
 * too, so a second event about the same dispute takes nothing more.
 */

/**
 * Books the fees of the dispute's balance transactions as a loss, each once: Stripe debits the dispute fee
 * with the disputed amount when it withdraws the money (a transaction often first seen in `funds_withdrawn`,
 * after `created`), and a reinstatement may return a fee (negative). Events arrive in any order, and an
 * older one shows fewer transactions, never others.
 */
async function bookDisputeFees(db: Database, disputeId: string, dispute: Stripe.Dispute) {
  for (const transaction of dispute.balance_transactions ?? []) {
    const feeCents = transaction.fee ?? 0;
    if (feeCents === 0) continue;
    const transferId = await postTransfer(db, {
      kind: feeCents > 0 ? 'dispute' : 'dispute_reversal',
      idempotencyKey: `dispute_fee:${transaction.id}`,
      entries: [
        { accountId: PLATFORM_ACCOUNTS.card, amountCents: feeCents },
        { accountId: PLATFORM_ACCOUNTS.loss, amountCents: -feeCents },
      ],
    });
    if (transferId) await addDisputeFee(db, disputeId, feeCents);
  }
}

/** The tokens a dispute of `amountCents` of a top-up's payment takes back. */
function tokensOfDispute(topUp: TopUp, amountCents: number): number {
  return Math.min(tokensOfPayment(topUp, amountCents), topUp.quantity * 100);
}

/**
 * An inquiry (a pre-dispute, mostly American Express and Discover: status `warning_needs_response`,
 * `warning_under_review`, `warning_closed`) withdraws no money, and the charge can still be refunded.
 */
function isInquiry(dispute: Stripe.Dispute): boolean {
  return dispute.status.startsWith('warning_');
}

/**
 * charge.dispute.created and charge.dispute.funds_withdrawn: the buyer cannot spend until the dispute
 * closes, and once its money is withdrawn the disputed amount's tokens are taken back (clawback.ts): at
 * once for a chargeback; for an inquiry, only when it becomes one (decision 049). Any number of times, in
 * any order: the dispute's row is made once, and its clawback's key is its id.
 */
export async function openDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  const paymentIntent = idOf(dispute.payment_intent);
  const found = await topUpOfPayment(db, paymentIntent);
  if (!found) {
    logger.warn({ disputeId: dispute.id, paymentIntent }, 'a dispute of a payment that is not one of our top-ups');
    return;
  }
  const { topUp, transferId } = found;
  const inserted = await insertDispute(db, {
    id: dispute.id,
    topUpId: topUp.id,
    userId: topUp.userId,
    amountCents: dispute.amount,
    debitedCents: 0,
    receivableCents: 0,
    feeCents: 0,
  });
  if (inserted) {
    await changeSpendHolds(db, walletAccountId(topUp.userId), 1);
    await notifyChange(db, { topic: 'wallet', userId: topUp.userId });
  }
  const row = await lockDispute(db, dispute.id);
  if (!row) return;
  await bookDisputeFees(db, row.id, dispute);
  if (row.status !== 'open' || isInquiry(dispute)) return;
  const result = await clawBack(db, {
    id: `dispute:${dispute.id}`,
    kind: 'dispute',
    topUpTransferId: transferId,
    buyerId: topUp.userId,
    amountCents: dispute.amount,
    tokensCents: tokensOfDispute(topUp, dispute.amount),
  });
  if (!result) return;
  logger.info({ disputeId: dispute.id, ...result }, 'a dispute of a top-up took its tokens back');
  await notifyChange(db, { topic: 'wallet', userId: topUp.userId });
}

/**
 * charge.dispute.closed: won (or an inquiry closed, `warning_closed`), every token the dispute took is given
 * back; lost, they stay. Either way the hold is lifted, and the fee is what the balance transactions say
 * (Stripe keeps the dispute fee of a won dispute). A close heard before the open applies the open first.
 */
export async function closeDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  let row = await lockDispute(db, dispute.id);
  if (!row) {
    await openDispute(db, logger, dispute);
    row = await lockDispute(db, dispute.id);
  }
  if (!row) return;
  await bookDisputeFees(db, row.id, dispute);
  if (row.status !== 'open') return;
  const isLost = dispute.status === 'lost';
  if (!isLost) {
    const found = await topUpOfPayment(db, idOf(dispute.payment_intent));
    const ids = found ? await findDisputeClawbackIds(db, found.transferId, row.id) : [`dispute:${row.id}`];
    for (const id of ids) await restoreClawback(db, logger, id, 'dispute_reversal');
  }
  await closeDisputeRow(db, row.id, isLost ? 'lost' : 'won');
  await changeSpendHolds(db, walletAccountId(row.userId), -1);
  await notifyChange(db, { topic: 'wallet', userId: row.userId });
}

/**
 * A refund of this top-up failed and gave its tokens back (refunds.ts). Stripe fails a pending refund when
 * its charge is disputed (`charge_for_pending_refund_disputed`): a dispute that came while the refund held
 * the tokens found them gone and booked them as a loss. Each dispute still standing (open or lost) now
 * takes what it could not then, as it would have without the refund, and that loss is recovered. Answers
 * whether one took anything.
 */
export async function retakeForDisputes(
  db: Database,
  logger: Logger,
  topUp: TopUp,
  topUpTransferId: string,
  refundId: string,
): Promise<boolean> {
  let tookAny = false;
  for (const row of await lockDisputesInEffect(db, topUp.userId, topUp.id)) {
    // An inquiry that withdrew no money took nothing, and takes nothing now.
    const ids = await findDisputeClawbackIds(db, topUpTransferId, row.id);
    if (ids.length === 0) continue;
    let takenCents = 0;
    for (const id of ids) {
      const clawback = await lockClawback(db, id);
      // The tokens it took: the buyer's unspent ones of this top-up, and the spends it traced.
      for (const part of clawback?.parts ?? []) {
        if (part.lotSpendId !== null || part.lotKind === 'bought') takenCents += part.amountCents;
      }
    }
    const tokensCents = tokensOfDispute(topUp, row.amountCents) - takenCents;
    if (tokensCents <= 0) continue;
    const result = await clawBack(db, {
      id: `dispute:${row.id}:after:${refundId}`,
      kind: 'dispute',
      topUpTransferId,
      buyerId: topUp.userId,
      amountCents: 0,
      tokensCents,
      recoversLoss: true,
    });
    logger.info({ disputeId: row.id, refundId, ...result }, 'a dispute took the tokens a failed refund gave back');
    tookAny ||= result !== undefined;
  }
  return tookAny;
}
