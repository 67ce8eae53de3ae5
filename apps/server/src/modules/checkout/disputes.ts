import type Stripe from 'stripe';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { walletAccountId } from '../wallet/accounts';
import { changeSpendHolds } from '../wallet/repo';
import { clawBack, restoreClawback } from './clawback';
import { closeDisputeRow, insertDispute, lockDispute } from './repo';
import { idOf, tokensOfPayment, topUpOfPayment } from './top-up-of-payment';

/**
 * Card disputes of top-ups (design.md section 3, decision 017). Each handler runs inside the webhook's
 * transaction, so its effect commits with the event's record and happens once; each clawback has its own key
 * too, so a second event about the same dispute takes nothing more.
 */

/** The provider's fee for a dispute, from its balance transactions (Stripe debits it when the dispute opens). */
function disputeFeeCents(dispute: Stripe.Dispute): number {
  return (dispute.balance_transactions ?? []).reduce((sum, t) => sum + Math.max(0, t.fee ?? 0), 0);
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
  const tokensCents = Math.min(tokensOfPayment(topUp, dispute.amount), topUp.quantity * 100);
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
  if (!isLost) await restoreClawback(db, logger, `dispute:${row.id}`, 'dispute_reversal');
  await closeDisputeRow(db, row.id, isLost ? 'lost' : 'won');
  await changeSpendHolds(db, walletAccountId(row.userId), -1);
  await notifyChange(db, { topic: 'wallet', userId: row.userId });
}
