import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import {
  earnedAccountId,
  PLATFORM_ACCOUNTS,
  pendingAccountId,
  postTransfer,
  restoreSpentLots,
  walletAccountId,
} from '../ledger/service';
import { changeFunding, lockWishesById } from '../wishes/service';
import {
  type ContributionRow,
  findContribution,
  listHeldByTransferIds,
  listWishesHeldBy,
  settleContribution,
} from './repo';

const HELD = PLATFORM_ACCOUNTS.groupGiftsHeld;

/** A held contribution back to its fan as the kinds of token it took (decision 033); call with the wish locked. */
export async function returnContribution(
  db: Database,
  contribution: ContributionRow,
  status: 'taken_back' | 'refunded',
) {
  const fan = contribution.fanId;
  const entries = [
    { accountId: HELD, amountCents: -contribution.amountCents },
    { accountId: walletAccountId(fan), amountCents: contribution.boughtCents },
    { accountId: earnedAccountId(fan), amountCents: contribution.earnedCents },
    { accountId: pendingAccountId(fan), amountCents: contribution.pendingCents },
  ].filter((e) => e.amountCents !== 0);
  const transferId = await postTransfer(db, {
    kind: 'group_gift_return',
    idempotencyKey: `group-gift-return:${contribution.id}`,
    entries,
  });
  if (!transferId || !(await settleContribution(db, contribution.id, { status, settleTransferId: transferId }))) {
    throw new Error(`contribution ${contribution.id} was returned before`);
  }
  // Bought tokens go back to the top-ups they came from, so a refund of one still finds them (decision 017).
  if (contribution.boughtCents > 0) await restoreSpentLots(db, fan, contribution.transferId, transferId);
  await notifyChange(db, { topic: 'wallet', userId: fan });
  await notifyChange(db, { topic: 'purchases', userId: fan });
}

/**
 * Locks the wishes a fan holds contributions in, in id order. A refund or dispute of the fan's top-up calls
 * it before it locks the top-up's tokens (checkout/clawback.ts), so it takes the locks in the order a
 * take-back does (the wish, then the tokens) and the two wait for each other instead of deadlocking.
 */
export async function lockWishesOfHeldContributions(db: Database, fanId: string): Promise<void> {
  await lockWishesById(db, await listWishesHeldBy(db, fanId));
}

/**
 * A refund or dispute takes back tokens that paid for these spends (ledger transfers): each one that is a
 * contribution still held is cancelled, as the fan's take-back would return it (status `refunded`), so its
 * bought tokens are in the top-up's lot again and the clawback takes them from the wallet (decision 033).
 * Nothing can take back a contribution its money no longer pays for. Answers how many were cancelled.
 */
export async function cancelHeldContributions(db: Database, transferIds: string[]): Promise<number> {
  let cancelled = 0;
  for (const held of await listHeldByTransferIds(db, transferIds)) {
    // Read again under the wish's lock: a take-back may have returned it meanwhile.
    await lockWishesById(db, [held.wishId]);
    const contribution = await findContribution(db, held.id);
    if (contribution?.status !== 'held') continue;
    if (!(await changeFunding(db, contribution.wishId, contribution.sellerId, -contribution.amountCents))) {
      throw new Error(`the group gift of contribution ${contribution.id} does not hold it`);
    }
    await returnContribution(db, contribution, 'refunded');
    cancelled++;
  }
  return cancelled;
}
