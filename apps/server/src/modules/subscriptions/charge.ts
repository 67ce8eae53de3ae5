import { splitGift } from '@sweetwish/shared/money';
import { addMonths } from '@sweetwish/shared/subscriptions';
import type { Database } from '../../db/client';
import { keyedId } from '../../http/idempotency/keyed-id';
import { getGiftRecipient } from '../accounts/service';
import type { NewPurchase } from '../gifts/service';
import { postPurchaseNow } from '../gifts/service';
import { queueRenewalReminder } from '../notify/queue';
import { insertCharge, markPaid, type SubscriptionRow } from './repo';

export type ChargeResult =
  | 'paid'
  | 'insufficient_balance'
  | 'on_hold'
  | 'recipient_closed'
  | 'unavailable'
  /** The creator blocked the fan and refuses their gifts (checked by post_gifts() with the payment). */
  | 'gifts_refused';

/** The purchase id of a subscription's month n: the same on every run, so the ledger's key refuses a second. */
export function chargePurchaseId(subscription: Pick<SubscriptionRow, 'id' | 'fanId'>, period: number): string {
  return keyedId('subscription-charge', subscription.fanId, `${subscription.id}:${period}`);
}

/**
 * Call in a transaction that holds the subscription's row (new, or locked): pays month `period` as a
 * purchase of the wish, through post_gifts() like any gift (the fee split, the creator's pending earnings,
 * their notification, the fan's receipt), records the month in subscription_charges, counts it paid and
 * queues the reminder of the next renewal (decision 091). All or nothing with the caller's transaction; a
 * charge row already there for the month makes it fail (its primary key), so a month is never paid twice
 * whatever runs it.
 */
export async function chargeMonth(
  db: Database,
  subscription: SubscriptionRow,
  period: number,
  message: NewPurchase['message'] = null,
): Promise<ChargeResult> {
  const recipient = await getGiftRecipient(db, subscription.creatorId);
  if (!recipient) return 'recipient_closed';
  const id = chargePurchaseId(subscription, period);
  const result = await postPurchaseNow(db, {
    id,
    type: 'standard',
    buyerId: subscription.fanId,
    sellerId: subscription.creatorId,
    product: { id: subscription.wishId, name: subscription.wishName, image: subscription.wishImage },
    split: splitGift(subscription.priceCents, recipient.affiliateId !== undefined),
    affiliateId: recipient.affiliateId,
    isAnonymous: false,
    message,
  });
  if (result !== 'ok') return result;
  const periodStart = addMonths(subscription.startedAt, period);
  await insertCharge(db, { subscriptionId: subscription.id, periodIndex: period, periodStart, purchaseId: id });
  await markPaid(db, subscription.id, period + 1);
  await queueRenewalReminder(db, {
    userId: subscription.fanId,
    subscriptionId: subscription.id,
    renewsAt: addMonths(subscription.startedAt, period + 1),
  });
  return 'paid';
}
