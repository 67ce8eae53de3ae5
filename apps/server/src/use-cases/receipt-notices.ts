import { RENEWAL_REMINDER_DAYS } from '@sweetwish/shared/subscriptions';
import type { Database } from '../db/client';
import { getPublicPerson } from '../modules/accounts/people';
import { describeTopUp } from '../modules/checkout/receipts';
import { getPurchaseParties } from '../modules/gifts/service';
import { describeContribution } from '../modules/group-gifts/receipts';
import {
  contributionReceiptText,
  purchaseReceiptText,
  renewalReminderText,
  topUpReceiptText,
} from '../modules/notify/receipt-texts';
import type { QueuedNotification } from '../modules/notify/service';
import type { NotificationText } from '../modules/notify/texts';
import { describeSubscriptionNotice, findChargeOfPurchase } from '../modules/subscriptions/service';
import { getWishSnapshot } from '../modules/wishes/service';

const RECEIPT_KINDS = ['purchase_receipt', 'contribution_receipt', 'top_up_receipt', 'renewal_reminder'] as const;
type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export function isReceiptKind(kind: QueuedNotification['kind']): kind is ReceiptKind {
  return (RECEIPT_KINDS as readonly string[]).includes(kind);
}

const DAY_MS = 24 * 60 * 60 * 1000;

type ReceiptPlan = { message: NotificationText } | { skip: string };

const creatorName = async (db: Database, id: string) => (await getPublicPerson(db, id))?.displayName ?? null;

/**
 * What a receipt or a renewal reminder says (decision 091), read when it is sent: the payment it names was
 * committed with it. A reminder is sent only while its subscription still renews on the day it was set for.
 */
export async function planReceipt(db: Database, row: QueuedNotification, origin: string): Promise<ReceiptPlan> {
  if (row.kind === 'purchase_receipt' && row.purchaseId) {
    const purchase = await getPurchaseParties(db, row.purchaseId);
    if (!purchase) return { skip: 'no such purchase' };
    const charge = await findChargeOfPurchase(db, purchase.id);
    const kind = charge
      ? charge.periodIndex === 0
        ? 'subscription'
        : 'renewal'
      : purchase.type === 'tip'
        ? 'tip'
        : 'gift';
    const facts = {
      kind,
      costCents: purchase.costCents,
      wishName: purchase.productName,
      creatorName: await creatorName(db, purchase.sellerId),
      isAnonymous: purchase.isAnonymous,
      at: purchase.createdAt,
    } as const;
    return { message: purchaseReceiptText(facts, origin) };
  }
  if (row.kind === 'contribution_receipt' && row.contributionId) {
    const contribution = await describeContribution(db, row.contributionId);
    if (!contribution) return { skip: 'no such contribution' };
    const wish = await getWishSnapshot(db, contribution.wishId);
    const facts = {
      wishId: contribution.wishId,
      wishName: wish?.name ?? null,
      creatorName: wish ? await creatorName(db, wish.sellerId) : null,
      amountCents: contribution.amountCents,
      at: contribution.createdAt,
    };
    return { message: contributionReceiptText(facts, origin) };
  }
  if (row.kind === 'top_up_receipt' && row.topUpId) {
    const topUp = await describeTopUp(db, row.topUpId);
    if (topUp?.status !== 'paid') return { skip: 'the top-up was not credited' };
    return {
      message: topUpReceiptText({ quantity: topUp.quantity, totalCents: topUp.totalCents, at: topUp.paidAt }, origin),
    };
  }
  if (row.kind === 'renewal_reminder' && row.subscriptionId) {
    const subscription = await describeSubscriptionNotice(db, row.subscriptionId);
    if (!subscription) return { skip: 'no such subscription' };
    // Canceled, ended or past due since: it will not renew on that day.
    if (subscription.status !== 'active') return { skip: 'the subscription does not renew' };
    const renewsAt = row.notBefore.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS;
    if (subscription.nextChargeAt.getTime() !== renewsAt) return { skip: 'the renewal it was set for is past' };
    return { message: renewalReminderText(subscription, origin) };
  }
  return { skip: 'not a receipt' };
}
