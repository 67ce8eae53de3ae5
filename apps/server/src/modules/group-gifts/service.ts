import { randomUUID } from 'node:crypto';
import {
  type ContributeResult,
  GROUP_GIFT_MESSAGES,
  type GroupGiftProgress,
  type TakeBackResult,
} from '@sweetwish/shared/group-gifts';
import { splitGift, tokensToCents } from '@sweetwish/shared/money';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { UpdateWishInput, Wish } from '@sweetwish/shared/wishes';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { keyedId } from '../../http/idempotency/keyed-id';
import { getGiftRecipient } from '../accounts/service';
import { messageOfGift } from '../gifts/gift-messages';
import type { NewPurchase } from '../gifts/service';
import { recordPrepaidGift } from '../gifts/service';
import {
  findUserEntriesOf,
  isInsufficientBalance,
  isOnHold,
  moveLotSpends,
  PLATFORM_ACCOUNTS,
  postTransfer,
  spendAccountId,
  sumAccountEntries,
} from '../ledger/service';
import { queueGroupGiftNotification, queueReceipt } from '../notify/queue';
import { checkGiftAllowed } from '../safety/blocks';
import { changeFunding, clearFunding, getWishPage, lockHeldGroupGifts, lockWishesById } from '../wishes/service';
import { publicContributors } from './contributors';
import {
  findContribution,
  insertContribution,
  listCounted,
  listHeld,
  listOwn,
  listWishesHeldBy,
  settleContribution,
  sumHeld,
} from './repo';
import { returnContribution } from './returns';

// Group gifts (decision 033). A contribution moves the fan's tokens (a spend: bought first, decision 017)
// into `platform:group_gifts_held`; the row remembers how much of each kind it took. The wish row's guarded
// update (`wishes.group_gift_funded_cents`) is the one place that says how much is held, never above the
// price; it locks the wish, so contributions to one wish run one after the other and the one that reaches
// the price grants it in the same transaction: one purchase per contribution, paid from the held account
// under the usual split, and one notification to the creator.

const HELD = PLATFORM_ACCOUNTS.groupGiftsHeld;

/** Why a contribution to this wish cannot be made now (read after the guarded update refused). */
async function refusalOf(db: Database, wishId: string, amountCents: number): Promise<AppError> {
  const { wish } = await getWishPage(db, wishId);
  if (wish.archived) return new AppError('CONFLICT', GROUP_GIFT_MESSAGES.archived);
  if (wish.purchased) return new AppError('CONFLICT', GROUP_GIFT_MESSAGES.funded);
  const remaining = Math.floor((wish.cost * 100 - wish.groupGiftFundedCents) / 100);
  if (amountCents > remaining * 100) {
    const message = GROUP_GIFT_MESSAGES.tooLarge(remaining);
    return new AppError('VALIDATION', message, { amount: message });
  }
  return new AppError('CONFLICT', GROUP_GIFT_MESSAGES.contributeFailed);
}

/**
 * A fan contributes `amount` whole tokens to a group gift: from 1 up to what remains (the schema checks
 * the range, the guarded update what remains). All or nothing: a wallet holding too little changes nothing.
 * With an Idempotency-Key (decision 019) the contribution's id is derived from it, so a retry finds it.
 */
export async function contribute(
  db: Database,
  fanId: string,
  wishId: string,
  input: { amount: number; isAnonymous: boolean; message?: string | undefined },
  requestKey?: string,
): Promise<ContributeResult> {
  const id = requestKey === undefined ? randomUUID() : keyedId('group-gift-contribution', fanId, requestKey);
  const existing = await findContribution(db, id);
  if (existing?.fanId === fanId) return { contributionId: id, isGranted: existing.status === 'granted' };

  const { wish } = await getWishPage(db, wishId);
  if (!wish.isGroupGift) {
    throw new AppError('VALIDATION', GROUP_GIFT_MESSAGES.notGroupGift);
  }
  if (wish.sellerId === fanId) throw new AppError('FORBIDDEN', GROUP_GIFT_MESSAGES.ownWish);
  const recipient = await getGiftRecipient(db, wish.sellerId);
  if (!recipient) throw new AppError('NOT_FOUND', 'User Not Found');
  const amountCents = tokensToCents(input.amount);
  const message = await messageOfGift(db, fanId, wish.sellerId, input.message);
  return db.transaction(async (tx) => {
    // A creator who blocked the fan and refuses their gifts gets no contribution either (decision 028),
    // checked in the payment's transaction: a block that committed first is never outrun.
    await checkGiftAllowed(tx, fanId, wish.sellerId);
    const funded = await changeFunding(tx, wishId, wish.sellerId, amountCents);
    if (!funded) throw await refusalOf(tx, wishId, amountCents);
    const transferId = await postContribution(tx, id, fanId, amountCents);
    const taken = await findUserEntriesOf(tx, transferId, fanId);
    await insertContribution(tx, {
      id,
      wishId,
      fanId,
      sellerId: wish.sellerId,
      amountCents,
      boughtCents: -taken.boughtCents,
      earnedCents: -taken.availableCents,
      pendingCents: -taken.pendingCents,
      isAnonymous: input.isAnonymous,
      message: message?.text ?? null,
      messageState: message?.state ?? null,
      transferId,
    });
    await notifyChange(tx, { topic: 'wallet', userId: fanId });
    await notifyChange(tx, { topic: 'purchases', userId: fanId });
    await queueReceipt(tx, { kind: 'contribution_receipt', userId: fanId, contributionId: id });
    if (funded.purchased) await grant(tx, funded, recipient.affiliateId, id);
    return { contributionId: id, isGranted: funded.purchased };
  });
}

/** The fan's tokens into the held account; product.md's message when the wallet holds too little. */
async function postContribution(db: Database, id: string, fanId: string, amountCents: number): Promise<string> {
  try {
    const transferId = await postTransfer(db, {
      kind: 'group_gift_contribution',
      idempotencyKey: `group-gift:${id}`,
      entries: [
        { accountId: spendAccountId(fanId), amountCents: -amountCents },
        { accountId: HELD, amountCents },
      ],
    });
    if (!transferId) throw new AppError('CONFLICT', GROUP_GIFT_MESSAGES.contributeFailed);
    return transferId;
  } catch (err) {
    if (isInsufficientBalance(err)) throw new AppError('INSUFFICIENT_BALANCE', WALLET_MESSAGES.insufficientBalance);
    if (isOnHold(err)) throw new AppError('FORBIDDEN', WALLET_MESSAGES.onHold);
    throw err;
  }
}

/**
 * The wish just reached its price: every held contribution becomes its fan's purchase of the wish, paid
 * from the held account to the creator under the usual split (the parts of whole tokens add up exactly to
 * the split of the price), and the creator is told once, naming the completing contribution's purchase.
 */
async function grant(db: Database, wish: Wish, affiliateId: string | undefined, completingId: string) {
  let completingPurchaseId: string | undefined;
  for (const contribution of await listHeld(db, wish.id)) {
    const purchase: NewPurchase = {
      id: keyedId('group-gift-purchase', contribution.fanId, contribution.id),
      type: 'standard',
      buyerId: contribution.fanId,
      sellerId: wish.sellerId,
      product: { id: wish.id, name: wish.name, image: wish.image },
      split: splitGift(contribution.amountCents, affiliateId !== undefined),
      affiliateId,
      isAnonymous: contribution.isAnonymous,
      message:
        contribution.message && contribution.messageState
          ? { text: contribution.message, state: contribution.messageState }
          : null,
    };
    const transferId = await recordPrepaidGift(db, purchase, HELD);
    if (!transferId) throw new Error(`group gift share ${purchase.id} was posted before`);
    // A refund of the fan's top-up follows its tokens to this gift, as for any purchase (decision 017).
    if (contribution.boughtCents > 0) await moveLotSpends(db, contribution.transferId, transferId);
    await settleContribution(db, contribution.id, {
      status: 'granted',
      settleTransferId: transferId,
      purchaseId: purchase.id,
    });
    if (contribution.id === completingId) completingPurchaseId = purchase.id;
  }
  if (!completingPurchaseId) throw new Error(`group gift ${wish.id} was granted without its completing contribution`);
  await queueGroupGiftNotification(db, { userId: wish.sellerId, purchaseId: completingPurchaseId });
}

/**
 * A fan takes their contribution back while the group gift is unfunded, unless its creator turned that
 * off. Taking back one they took back already answers as before (a retried request); one returned
 * otherwise (archived, or cancelled by a refund of its top-up) is refused.
 */
export async function takeBack(db: Database, fanId: string, contributionId: string): Promise<TakeBackResult> {
  const contribution = await findContribution(db, contributionId);
  if (contribution?.fanId !== fanId) throw new AppError('NOT_FOUND', GROUP_GIFT_MESSAGES.notYours);
  if (contribution.status === 'granted') throw new AppError('CONFLICT', GROUP_GIFT_MESSAGES.funded);
  if (contribution.status === 'taken_back') return { contributionId };
  if (contribution.status !== 'held') throw new AppError('CONFLICT', GROUP_GIFT_MESSAGES.alreadyReturned);
  return db.transaction(async (tx) => {
    // The guarded update locks the wish: a contribution completing it, an archive, or a change of the
    // setting waits for this, or this for them; then the contribution is read again under the lock.
    const wish = await changeFunding(tx, contribution.wishId, contribution.sellerId, -contribution.amountCents);
    const current = await findContribution(tx, contributionId);
    if (!wish || current?.status !== 'held') {
      if (current?.status === 'granted') throw new AppError('CONFLICT', GROUP_GIFT_MESSAGES.funded);
      throw new AppError('CONFLICT', GROUP_GIFT_MESSAGES.alreadyReturned);
    }
    if (!wish.allowTakeBack) throw new AppError('FORBIDDEN', GROUP_GIFT_MESSAGES.takeBackOff);
    await returnContribution(tx, current, 'taken_back');
    return { contributionId };
  });
}

/** Every held contribution of an unfunded group gift back to its fan; call with the wish locked. */
async function giveAllBack(db: Database, wish: Wish) {
  for (const contribution of await listHeld(db, wish.id)) await returnContribution(db, contribution, 'refunded');
  await clearFunding(db, wish.id);
}

/**
 * Runs in the transaction of a creator's change to their wish, with it locked (wishes routes): archiving
 * an unfunded group gift gives every contribution back; its price is fixed once fans contributed; it is
 * never a repeated purchase.
 */
export async function onWishUpdate(db: Database, current: Wish, changes: UpdateWishInput): Promise<void> {
  if (!current.isGroupGift) return;
  if (changes.allowRepeatPurchases === true) {
    throw new AppError('VALIDATION', 'A group gift is granted once', {
      allowRepeatPurchases: 'A group gift is granted once',
    });
  }
  if (changes.cost !== undefined && changes.cost !== current.cost && current.groupGiftFundedCents > 0) {
    throw new AppError('CONFLICT', GROUP_GIFT_MESSAGES.priceFixed, { cost: GROUP_GIFT_MESSAGES.priceFixed });
  }
  if (changes.archived === true && !current.archived && !current.purchased) await giveAllBack(db, current);
}

/**
 * Call in the transaction that deletes an account, before its wishes are retired and its wallet settled:
 * the unfunded group gifts it created give every contribution back, and its own held contributions come
 * back to its wallet (which then settles as any balance does).
 */
export async function returnGroupGiftsOf(db: Database, userId: string): Promise<void> {
  for (const wish of await lockHeldGroupGifts(db, userId)) await giveAllBack(db, wish);
  for (const wish of await lockWishesById(db, await listWishesHeldBy(db, userId))) {
    for (const contribution of await listHeld(db, wish.id)) {
      if (contribution.fanId !== userId) continue;
      await changeFunding(db, wish.id, wish.sellerId, -contribution.amountCents);
      await returnContribution(db, contribution, 'refunded');
    }
  }
}

/**
 * The wish page's group gift: progress and contributors for everyone (anonymous ones together, one line
 * with a null name: contributors.ts), the viewer's own contributions, and for the creator what a granted one
 * earned them (gross, fees, net).
 */
export async function getProgress(
  db: Database,
  wishId: string,
  viewerId: string | undefined,
): Promise<GroupGiftProgress> {
  const { wish } = await getWishPage(db, wishId);
  if (!wish.isGroupGift) throw new AppError('NOT_FOUND', GROUP_GIFT_MESSAGES.notGroupGift);
  const counted = await listCounted(db, wishId);
  const own = viewerId ? await listOwn(db, wishId, viewerId) : [];
  const costCents = wish.cost * 100;
  const isOwner = viewerId === wish.sellerId;
  let earnings: GroupGiftProgress['earnings'] = null;
  if (isOwner && wish.purchased) {
    const affiliate = (await getGiftRecipient(db, wish.sellerId))?.affiliateId !== undefined;
    const split = splitGift(costCents, affiliate);
    earnings = { grossCents: costCents, feesCents: costCents - split.recipientCents, netCents: split.recipientCents };
  }
  return {
    wishId,
    costCents,
    fundedCents: wish.purchased ? costCents : wish.groupGiftFundedCents,
    isFunded: wish.purchased,
    allowTakeBack: wish.allowTakeBack,
    ...publicContributors(counted),
    own: own.map((c) => ({
      id: c.id,
      amountCents: c.amountCents,
      status: c.status,
      isAnonymous: c.isAnonymous,
      canTakeBack: c.status === 'held' && wish.allowTakeBack && !wish.archived,
    })),
    earnings,
  };
}

/** Reconciliation (decision 033): the held account holds exactly the contributions still held. */
export async function checkHeldContributions(db: Database): Promise<string[]> {
  const [account, held] = [await sumAccountEntries(db, HELD), await sumHeld(db)];
  return account === held
    ? []
    : [`account ${HELD}: entries sum to ${account} cents, held group gift contributions to ${held}`];
}
