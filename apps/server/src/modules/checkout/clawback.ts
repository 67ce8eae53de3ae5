import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { changePurchaseReversed, findPurchaseSplit } from '../gifts/service';
import { cancelHeldContributions, lockWishesOfHeldContributions } from '../group-gifts/returns';
import {
  type ClawbackPart,
  earnedAccountId,
  insertClawback,
  lockBoughtLot,
  lockClawback,
  lockEarnedLots,
  lockLotSpends,
  lockUsersAccounts,
  markClawbackRestored,
  PLATFORM_ACCOUNTS,
  pendingAccountId,
  postTransfer,
  takeFromLots,
  walletAccountId,
} from '../ledger/service';
import { insertGiftReversedNotification } from '../notify/service';

/**
 * Refunds and disputes of a top-up take its tokens back (issue 14, decision 017), in this order: the
 * buyer's unspent tokens of that top-up; then, following the top-up's tokens first in first out to the gifts
 * and tips they paid for, each credited user's still-pending earnings from that gift, then their available
 * ones. What is gone (withdrawn, or spent on) stays with the platform as a loss. A group gift contribution
 * still held that the tokens paid for is cancelled first, so they are the buyer's unspent tokens again
 * (decision 033). (A dispute's fee is booked apart, as the provider's balance transactions tell it:
 * disputes.ts.)
 * The platform gives back its own cut of each reversed gift and its part of the top-up (fee or discount).
 */
export type ClawbackRequest = {
  /** `refund:{id}` or `dispute:{id}`: a repeated event takes nothing more. */
  id: string;
  kind: 'refund' | 'dispute';
  topUpTransferId: string;
  buyerId: string;
  /** Money going back to the card. */
  amountCents: number;
  /** The tokens that money bought. */
  tokensCents: number;
  /**
   * The tokens were booked as a loss by an earlier clawback of the same payment, which found them gone (a
   * dispute during a pending refund that then failed: decision 047). Taking them now recovers that loss; no
   * money moves, so `amountCents` is 0.
   */
  recoversLoss?: boolean;
};

export type ClawbackResult = { buyerCents: number; lossCents: number; reversedPurchaseIds: string[] };

type GiftShare = {
  transferId: string;
  spendId: number;
  cents: number;
  split: NonNullable<Awaited<ReturnType<typeof findPurchaseSplit>>>;
};

type LockedLot = Awaited<ReturnType<typeof lockBoughtLot>>;
type LotSpend = Awaited<ReturnType<typeof lockLotSpends>>[number];

/**
 * The spends the tokens to take back reach, oldest first, once the buyer's unspent tokens of the lot are
 * counted, with how much of each; `untraced` is what no spend accounts for.
 */
function trace(lot: LockedLot, spends: LotSpend[], tokensCents: number) {
  let untraced = tokensCents - Math.min(lot?.remainingCents ?? 0, tokensCents);
  const reached: { spend: LotSpend; cents: number }[] = [];
  for (const spend of spends) {
    if (untraced === 0) break;
    const cents = Math.min(untraced, spend.amountCents - spend.clawedCents);
    if (cents === 0) continue;
    reached.push({ spend, cents });
    untraced -= cents;
  }
  return { reached, untraced };
}

/**
 * Locks the top-up's lot and its spends. A group gift contribution still held among the spends reached has
 * no gift behind it yet: it is cancelled first (its tokens back to the buyer, decision 033) and the lot read
 * again, until the spends reached are gifts only. The buyer's group gifts are locked before the lot, in the
 * order a take-back locks them.
 */
async function lockLotCancellingContributions(db: Database, request: ClawbackRequest) {
  await lockWishesOfHeldContributions(db, request.buyerId);
  for (;;) {
    const lot = await lockBoughtLot(db, request.topUpTransferId);
    const spends = lot ? await lockLotSpends(db, lot.id) : [];
    const traced = trace(lot, spends, request.tokensCents);
    const reachedIds = traced.reached.map((r) => r.spend.transferId);
    if ((await cancelHeldContributions(db, reachedIds)) === 0) return { lot, ...traced };
  }
}

/** Runs inside the webhook's transaction; undefined when this clawback was applied before. */
export async function clawBack(db: Database, request: ClawbackRequest): Promise<ClawbackResult | undefined> {
  const { lot, reached, untraced } = await lockLotCancellingContributions(db, request);
  // What the tokens to take back paid for, oldest first; a spend that is no gift (none is left once held
  // contributions are cancelled) is counted lost.
  let lossCents = untraced;
  const gifts: GiftShare[] = [];
  for (const { spend, cents } of reached) {
    const split = await findPurchaseSplit(db, spend.transferId);
    if (split) gifts.push({ transferId: spend.transferId, spendId: spend.id, cents, split });
    else lossCents += cents;
  }
  const users = [request.buyerId, ...gifts.flatMap((g) => [g.split.sellerId, g.split.affiliateId ?? g.split.sellerId])];
  // Every user touched is locked in id order, as ledger_post() locks, before their lots.
  const balances = await lockUsersAccounts(db, users);

  const entries = new Map<string, number>();
  const add = (accountId: string, cents: number) => entries.set(accountId, (entries.get(accountId) ?? 0) + cents);
  const parts: ClawbackPart[] = [];
  if (!request.recoversLoss) {
    add(PLATFORM_ACCOUNTS.card, request.amountCents);
    add(PLATFORM_ACCOUNTS.revenue, -(request.amountCents - request.tokensCents));
  }
  const buyerCents = Math.min(lot?.remainingCents ?? 0, request.tokensCents);
  if (lot && buyerCents > 0) {
    add(walletAccountId(request.buyerId), -buyerCents);
    parts.push({ lotId: lot.id, amountCents: buyerCents });
  }
  for (const gift of gifts) {
    const { split } = gift;
    parts.push({ lotSpendId: gift.spendId, amountCents: gift.cents });
    const earnedLots = await lockEarnedLots(db, gift.transferId);
    let usersCents = 0;
    for (const [userId, shareCents] of [
      [split.sellerId, split.recipientCents],
      [split.affiliateId, split.affiliateCents],
    ] as const) {
      if (!userId || shareCents === 0) continue;
      const owed = Math.floor((gift.cents * shareCents) / split.costCents);
      usersCents += owed;
      const earnedLot = earnedLots.find((l) => l.userId === userId);
      const fromPending = Math.min(earnedLot?.remainingCents ?? 0, owed);
      if (earnedLot && fromPending > 0) {
        add(pendingAccountId(userId), -fromPending);
        parts.push({ lotId: earnedLot.id, amountCents: fromPending });
      }
      const available =
        (balances.get(earnedAccountId(userId))?.balanceCents ?? 0) + (entries.get(earnedAccountId(userId)) ?? 0);
      const fromAvailable = Math.min(available, owed - fromPending);
      if (fromAvailable > 0) add(earnedAccountId(userId), -fromAvailable);
      lossCents += owed - fromPending - fromAvailable;
    }
    const platformCents = Math.floor((gift.cents * split.platformCents) / split.costCents);
    add(PLATFORM_ACCOUNTS.revenue, -platformCents);
    add(PLATFORM_ACCOUNTS.processing, -(gift.cents - usersCents - platformCents));
  }
  // A recovery's tokens were all counted lost before: the loss shrinks by what it takes.
  if (request.recoversLoss) lossCents -= request.tokensCents;
  add(PLATFORM_ACCOUNTS.loss, -lossCents);

  const transferEntries = [...entries].filter(([, cents]) => cents !== 0);
  if (transferEntries.length < 2) return { buyerCents: 0, lossCents: 0, reversedPurchaseIds: [] };
  const transferId = await postTransfer(db, {
    kind: request.kind,
    idempotencyKey: `clawback:${request.id}`,
    entries: transferEntries.map(([accountId, amountCents]) => ({ accountId, amountCents })),
  });
  if (!transferId) return undefined;
  if (
    !(await insertClawback(db, { id: request.id, topUpTransferId: request.topUpTransferId, transferId, lossCents }))
  ) {
    return undefined;
  }
  await takeFromLots(db, request.id, parts, 1);
  for (const gift of gifts) {
    await changePurchaseReversed(db, gift.transferId, gift.cents);
    await insertGiftReversedNotification(db, { userId: gift.split.sellerId, purchaseId: gift.split.id });
  }
  await announce(db, users, gifts.length > 0);
  return { buyerCents, lossCents, reversedPurchaseIds: gifts.map((g) => g.split.id) };
}

/**
 * A won dispute or a failed refund gives back exactly what its clawback took: the transfer negated, each
 * lot's remainder and each gift restored. Earnings taken while pending whose lot has cleared since come back
 * available.
 */
export async function restoreClawback(
  db: Database,
  logger: Logger,
  id: string,
  kind: 'dispute_reversal' | 'refund_reversal',
): Promise<boolean> {
  const clawback = await lockClawback(db, id);
  if (!clawback) return false;
  const users = clawback.entries.flatMap((e) => {
    const userId = e.accountId.match(/^(?:wallet|pending|earned):(.+)$/)?.[1];
    return userId ? [userId] : [];
  });
  const accounts = await lockUsersAccounts(db, users);
  const entries = new Map<string, number>();
  const add = (accountId: string, cents: number) => entries.set(accountId, (entries.get(accountId) ?? 0) + cents);
  for (const entry of clawback.entries) {
    if (accounts.get(entry.accountId)?.isClosed) {
      // The owner deleted their account since: the credit waits in suspense for support (decision 017).
      logger.warn(
        { clawbackId: id, accountId: entry.accountId, cents: -entry.amountCents },
        'a credit for a closed wallet went to suspense',
      );
      add(PLATFORM_ACCOUNTS.suspense, -entry.amountCents);
    } else {
      add(entry.accountId, -entry.amountCents);
    }
  }
  const lotParts: ClawbackPart[] = [];
  for (const part of clawback.parts) {
    if (part.lotSpendId !== null) lotParts.push({ lotSpendId: part.lotSpendId, amountCents: part.amountCents });
    if (part.lotId === null || !part.lotUserId) continue;
    if (accounts.get(walletAccountId(part.lotUserId))?.isClosed) continue;
    if (part.lotKind === 'earned' && part.lotClearedAt) {
      // Cleared meanwhile: the pending credit becomes an available one.
      add(pendingAccountId(part.lotUserId), -part.amountCents);
      add(earnedAccountId(part.lotUserId), part.amountCents);
    } else {
      lotParts.push({ lotId: part.lotId, amountCents: part.amountCents });
    }
  }
  await postTransfer(db, {
    kind,
    idempotencyKey: `clawback_reversal:${id}`,
    entries: [...entries]
      .filter(([, cents]) => cents !== 0)
      .map(([accountId, amountCents]) => ({ accountId, amountCents })),
  });
  await takeFromLots(db, id, lotParts, -1);
  for (const part of clawback.parts) {
    if (part.spendTransferId) await changePurchaseReversed(db, part.spendTransferId, -part.amountCents);
  }
  await markClawbackRestored(db, id);
  await announce(
    db,
    users,
    clawback.parts.some((p) => p.spendTransferId),
  );
  return true;
}

/** Every user touched sees their wallet, purchases and received lists change. */
async function announce(db: Database, userIds: string[], hasGifts: boolean) {
  for (const userId of new Set(userIds)) {
    await notifyChange(db, { topic: 'wallet', userId });
    if (hasGifts) {
      await notifyChange(db, { topic: 'purchases', userId });
      await notifyChange(db, { topic: 'received', userId });
    }
  }
}
