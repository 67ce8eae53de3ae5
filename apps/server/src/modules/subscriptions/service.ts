import { randomUUID } from 'node:crypto';
import { tokensToCents } from '@sweetwish/shared/money';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import {
  addMonths,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_RETRY_DAYS,
  type SubscribeInput,
  type Subscriber,
  type SubscriberList,
  type Subscription,
  type SubscriptionList,
  type WishSubscriptionState,
} from '@sweetwish/shared/subscriptions';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { keyedId } from '../../http/idempotency/keyed-id';
import { enqueueJob } from '../../jobs/repo';
import { getPublicPerson } from '../accounts/people';
import { getGiftRecipient } from '../accounts/service';
import { messageOfGift } from '../gifts/gift-messages';
import { checkGiftAllowed } from '../safety/blocks';
import { getWishPage } from '../wishes/service';
import { type ChargeResult, chargeMonth } from './charge';
import { renewalJobKind } from './renewal-kind';
import {
  databaseNow,
  endAllOf,
  findChargeByPurchase,
  findFanSubscription,
  findRunningForWish,
  findSubscription,
  insertSubscription,
  listCreatorSubscribers,
  listFanSubscriptions,
  lockSubscription,
  markCanceled,
  type SubscriptionRow,
  sumMonthly,
} from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a subscription is charged next: its renewal day, or while retrying the next retry day; null when it will not be. */
export function nextChargeAt(row: Pick<SubscriptionRow, 'status' | 'startedAt' | 'periodsPaid'>, now: Date) {
  const dueAt = addMonths(row.startedAt, row.periodsPaid);
  if (row.status === 'active') return dueAt;
  if (row.status !== 'past_due') return null;
  const daysLate = Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS));
  return new Date(dueAt.getTime() + Math.min(daysLate + 1, SUBSCRIPTION_RETRY_DAYS) * DAY_MS);
}

type Person = { id: string; handle: string | null; displayName: string | null; photoUrl: string | null };

function publicFace(person: Person & { deletedAt: Date | null }) {
  if (!person.handle || !person.displayName || person.deletedAt) return null;
  return { id: person.id, handle: person.handle, displayName: person.displayName, photoUrl: person.photoUrl };
}

function toSubscription(
  row: SubscriptionRow & { creator: Person & { deletedAt: Date | null } },
  now: Date,
): Subscription {
  const next = nextChargeAt(row, now);
  return {
    id: row.id,
    status: row.status,
    priceCents: row.priceCents,
    wish: { id: row.wishId, name: row.wishName, image: row.wishImage },
    creator: publicFace(row.creator) ?? { id: row.creator.id, handle: '', displayName: 'Anonymous', photoUrl: null },
    startedAt: row.startedAt.toISOString(),
    paidUntil: addMonths(row.startedAt, row.periodsPaid).toISOString(),
    nextChargeAt: next?.toISOString() ?? null,
  };
}

/** Thrown inside the subscribe transaction to undo it: the first month could not be paid. */
class NotCharged extends Error {
  constructor(readonly result: Exclude<ChargeResult, 'paid'> | 'conflict') {
    super(result);
  }
}

function refusal(result: NotCharged['result']): AppError {
  if (result === 'insufficient_balance')
    return new AppError('INSUFFICIENT_BALANCE', WALLET_MESSAGES.insufficientBalance);
  if (result === 'on_hold') return new AppError('FORBIDDEN', WALLET_MESSAGES.onHold);
  if (result === 'recipient_closed') return new AppError('NOT_FOUND', 'User Not Found');
  if (result === 'gifts_refused') return new AppError('FORBIDDEN', SAFETY_MESSAGES.giftsRefused);
  return new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.taken);
}

async function ownSubscription(db: Database, fanId: string, id: string, now: Date): Promise<Subscription> {
  const row = await findFanSubscription(db, fanId, id);
  if (!row) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.missing);
  return toSubscription(row, now);
}

/**
 * A fan subscribes to a subscription wish: the subscription, its first month's charge (a purchase under
 * the usual split) and its renewal job are one transaction, so the fan is subscribed exactly when paid.
 * With an Idempotency-Key the subscription's id comes from it (decision 019): a retry finds it.
 */
export async function subscribe(
  db: Database,
  fanId: string,
  input: SubscribeInput,
  options: { requestKey?: string; now?: Date } = {},
): Promise<Subscription> {
  const id = options.requestKey === undefined ? randomUUID() : keyedId('subscription', fanId, options.requestKey);
  const now = options.now ?? (await databaseNow(db));
  if (await findFanSubscription(db, fanId, id)) return ownSubscription(db, fanId, id, now);
  const { wish } = await getWishPage(db, input.wishId);
  if (wish.type !== 'subscription') throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.notSubscription);
  if (wish.sellerId === fanId) throw new AppError('FORBIDDEN', SUBSCRIPTION_MESSAGES.ownWish);
  if (wish.archived) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.archived);
  await checkGiftAllowed(db, fanId, wish.sellerId);
  if (!(await getGiftRecipient(db, wish.sellerId))) throw new AppError('NOT_FOUND', 'User Not Found');
  const message = await messageOfGift(db, fanId, wish.sellerId, input.message);
  try {
    await db.transaction(async (tx) => {
      const row = await insertSubscription(tx, {
        id,
        fanId,
        creatorId: wish.sellerId,
        wishId: wish.id,
        wishName: wish.name,
        wishImage: wish.image,
        priceCents: tokensToCents(wish.cost),
        isExclusive: !wish.allowRepeatPurchases,
        startedAt: now,
        periodsPaid: 0,
      });
      if (!row) throw new NotCharged('conflict');
      const result = await chargeMonth(tx, row, 0, message);
      if (result !== 'paid') throw new NotCharged(result);
      await enqueueJob(
        tx,
        renewalJobKind,
        { subscriptionId: id },
        { key: `subscription:${id}`, runAt: addMonths(now, 1) },
      );
    });
  } catch (err) {
    if (!(err instanceof NotCharged)) throw err;
    if (err.result !== 'conflict') throw refusal(err.result);
    const running = await findRunningForWish(db, wish.id);
    if (running.some((r) => r.fanId === fanId)) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed);
    throw refusal('conflict');
  }
  return ownSubscription(db, fanId, id, now);
}

/**
 * The fan stops the renewals: it runs to the end of the paid month, nothing is refunded. Canceling again
 * answers the same. Only the fan's own (anyone else's: "Subscription does not exist.").
 */
export async function cancelSubscription(db: Database, fanId: string, id: string, now?: Date): Promise<Subscription> {
  const at = now ?? (await databaseNow(db));
  await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    if (!row || row.fanId !== fanId) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.missing);
    if (row.status !== 'active' && row.status !== 'past_due') return;
    await markCanceled(tx, id, fanId, addMonths(row.startedAt, row.periodsPaid) > at);
  });
  return ownSubscription(db, fanId, id, at);
}

export async function listMySubscriptions(db: Database, fanId: string, now?: Date): Promise<SubscriptionList> {
  const at = now ?? (await databaseNow(db));
  return { items: (await listFanSubscriptions(db, fanId)).map((row) => toSubscription(row, at)) };
}

/** A creator's running subscribers and their monthly total; a fan's identity only with a public profile. */
export async function listMySubscribers(db: Database, creatorId: string, now?: Date): Promise<SubscriberList> {
  const at = now ?? (await databaseNow(db));
  const rows = await listCreatorSubscribers(db, creatorId);
  const items = rows.map(
    (row): Subscriber => ({
      id: row.id,
      status: row.status,
      priceCents: row.priceCents,
      wish: { id: row.wishId, name: row.wishName },
      fan: publicFace(row.fan),
      startedAt: row.startedAt.toISOString(),
      nextChargeAt: nextChargeAt(row, at)?.toISOString() ?? null,
    }),
  );
  return { items, monthlyTotalCents: await sumMonthly(db, creatorId) };
}

/** For the wish page: the viewer's running subscription to it, and whether a single-subscriber wish is taken. */
export async function getWishSubscriptionState(
  db: Database,
  viewerId: string,
  wishId: string,
): Promise<WishSubscriptionState> {
  const running = await findRunningForWish(db, wishId);
  const mine = running.find((row) => row.fanId === viewerId);
  const now = await databaseNow(db);
  return {
    mine: mine ? await ownSubscription(db, viewerId, mine.id, now) : null,
    isTaken: running.some((row) => row.isExclusive),
  };
}

/** What a fan's notice or renewal reminder about a subscription says (notify worker). */
export async function describeSubscriptionNotice(db: Database, id: string) {
  const row = await findSubscription(db, id);
  if (!row) return undefined;
  const creator = await getPublicPerson(db, row.creatorId);
  return {
    id: row.id,
    wishName: row.wishName,
    priceCents: row.priceCents,
    creatorName: creator?.displayName ?? null,
    endReason: row.endReason,
    status: row.status,
    /** When the next month is charged, if it still renews. */
    nextChargeAt: addMonths(row.startedAt, row.periodsPaid),
  };
}

/** Which month of which subscription a purchase paid, if any (a receipt says "subscription" or "renewal"). */
export async function findChargeOfPurchase(db: Database, purchaseId: string) {
  return findChargeByPurchase(db, purchaseId);
}

/**
 * Call in the transaction that deletes an account, before its wallet is settled (the order a renewal
 * locks in: the subscription, then the wallets): the user's subscriptions, as fan or creator, end now.
 */
export async function endSubscriptionsOf(db: Database, userId: string): Promise<void> {
  await endAllOf(db, userId);
}
