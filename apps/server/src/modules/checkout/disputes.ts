import type Stripe from 'stripe';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { walletAccountId } from '../wallet/accounts';
import { changeSpendHolds, findDisputeClawbackIds, lockClawback } from '../wallet/repo';
import { clawBack, restoreClawback } from './clawback';
import { closeDisputeRow, insertDispute, lockDispute, lockDisputesInEffect } from './repo';
import type { topUps } from './tables';
import { idOf, tokensOfPayment, topUpOfPayment } from './top-up-of-payment';

type TopUp = typeof topUps.$inferSelect;

/**
 * Card disputes of top-ups (design.md section 3, decision 017). Each handler runs inside the webhook's
 * transaction, so its effect commits with the event's record and happens once; each clawback has its own key
 * too, so a second event about the same dispute takes nothing more.
 */

/** The provider's fee for a dispute, from its balance transactions (Stripe debits it when the dispute opens). */
function disputeFeeCents(dispute: Stripe.Dispute): number {
  return (dispute.balance_transactions ?? []).reduce((sum, t) => sum + Math.max(0, t.fee ?? 0), 0);
}

/** The tokens a dispute of `amountCents` of a top-up's payment takes back. */
function tokensOfDispute(topUp: TopUp, amountCents: number): number {
  return Math.min(tokensOfPayment(topUp, amountCents), topUp.quantity * 100);
}

/**
 * charge.dispute.created: the disputed amount's tokens are taken back (clawback.ts), and the buyer cannot
 * spend until the dispute closes.
 */
export async function openDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  const paymentIntent = idOf(dispute.payment_intent);
  const found = await topUpOfPayment(db, paymentIntent);
  if (!found) {
    logger.warn({ disputeId: dispute.id, paymentIntent }, 'a dispute of a payment that is not one of our top-ups');
    return;
  }
  const { topUp, transferId } = found;
  const tokensCents = tokensOfDispute(topUp, dispute.amount);
  const feeCents = disputeFeeCents(dispute);
  const inserted = await insertDispute(db, {
    id: dispute.id,
    topUpId: topUp.id,
    userId: topUp.userId,
    amountCents: dispute.amount,
    debitedCents: 0,
    receivableCents: 0,
    feeCents,
  });
  if (!inserted) return;
  const result = await clawBack(db, {
    id: `dispute:${dispute.id}`,
    kind: 'dispute',
    topUpTransferId: transferId,
    buyerId: topUp.userId,
    amountCents: dispute.amount,
    tokensCents,
    providerFeeCents: feeCents,
  });
  logger.info({ disputeId: dispute.id, ...result }, 'a dispute of a top-up took its tokens back');
  await changeSpendHolds(db, walletAccountId(topUp.userId), 1);
  await notifyChange(db, { topic: 'wallet', userId: topUp.userId });
}

/**
 * charge.dispute.closed: won, everything the dispute took is given back; lost, it stays. Either way the
 * hold is lifted. A close heard before the open applies the open first.
 */
export async function closeDispute(db: Database, logger: Logger, dispute: Stripe.Dispute): Promise<void> {
  let row = await lockDispute(db, dispute.id);
  if (!row) {
    await openDispute(db, logger, dispute);
    row = await lockDispute(db, dispute.id);
  }
  if (row?.status !== 'open') return;
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
    let takenCents = 0;
    for (const id of await findDisputeClawbackIds(db, topUpTransferId, row.id)) {
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
      providerFeeCents: 0,
      recoversLoss: true,
    });
    logger.info({ disputeId: row.id, refundId, ...result }, 'a dispute took the tokens a failed refund gave back');
    tookAny ||= result !== undefined;
  }
  return tookAny;
}
