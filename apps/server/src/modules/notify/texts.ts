import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { formatDollars } from '@sweetwish/shared/money';

/**
 * What a notification says. No message's content is ever put in a text or e-mail: only who and where.
 * `summary` (the text without the product's name and the link) and `path` (where it leads, on this site)
 * make its push notification (decision 029), which says no more than the text.
 */
export type NotificationText = { subject: string; text: string; summary: string; path: string };

export type GiftFacts = {
  purchaseId: string;
  type: 'standard' | 'tip';
  costCents: number;
  productName: string | null;
  /** Null for an anonymous buyer. */
  buyerName: string | null;
  /** A subscription's month after the first (decision 034). */
  isRenewal: boolean;
};

export function giftText(gift: GiftFacts, origin: string): NotificationText {
  const who = gift.buyerName ?? 'An anonymous fan';
  const price = formatDollars(gift.costCents);
  const wish = gift.productName ?? 'a wish';
  const path = `/received/item/${encodeURIComponent(gift.purchaseId)}`;
  if (gift.isRenewal) {
    const summary = `${who} renewed their subscription: ${wish} (${price}).`;
    return {
      subject: `A subscription was renewed on ${PRODUCT_NAME}`,
      text: `${PRODUCT_NAME}: ${summary} See it at ${origin}${path}`,
      summary,
      path,
    };
  }
  const what = gift.type === 'tip' ? `a ${price} tip` : `a gift: ${wish} (${price})`;
  return {
    subject: gift.type === 'tip' ? `You received a tip on ${PRODUCT_NAME}` : `You received a gift on ${PRODUCT_NAME}`,
    text: `${PRODUCT_NAME}: ${who} sent you ${what}. See it at ${origin}${path}`,
    summary: `${who} sent you ${what}.`,
    path,
  };
}

/** The gifts received since the last gift notice, told together (decision 038). */
export function giftsSummaryText(gifts: { count: number; totalCents: number }, origin: string): NotificationText {
  const what =
    gifts.count === 1
      ? `another gift or tip (${formatDollars(gifts.totalCents)})`
      : `${gifts.count} more gifts and tips (${formatDollars(gifts.totalCents)} in all)`;
  const path = '/received';
  return {
    subject: `You received more gifts on ${PRODUCT_NAME}`,
    text: `${PRODUCT_NAME}: You received ${what}. See them at ${origin}${path}`,
    summary: `You received ${what}.`,
    path,
  };
}

/** A gift or tip taken back because the fan's card payment was refunded or disputed (decision 017). */
export function giftReversedText(gift: GiftFacts, origin: string): NotificationText {
  const kind = gift.isRenewal ? 'subscription renewal' : gift.type === 'tip' ? 'tip' : 'gift';
  const what =
    gift.type === 'tip' ? `A ${formatDollars(gift.costCents)} tip` : `A ${kind}: ${gift.productName ?? 'a wish'}`;
  const path = `/received/item/${encodeURIComponent(gift.purchaseId)}`;
  const summary = `${what} you received was reversed because the fan's card payment was refunded or disputed. Its pending tokens were taken back.`;
  return {
    subject: `A ${kind} you received was reversed`,
    text: `${PRODUCT_NAME}: ${summary} See it at ${origin}${path}`,
    summary,
    path,
  };
}

/** A group gift fully funded by its fans (decision 033): sent once, to its creator. */
export function groupGiftText(gift: { purchaseId: string; productName: string | null }, origin: string) {
  const path = `/received/item/${encodeURIComponent(gift.purchaseId)}`;
  const summary = `Your group gift ${gift.productName ?? 'wish'} is fully funded! Your fans granted it together.`;
  return {
    subject: `Your group gift was granted on ${PRODUCT_NAME}`,
    text: `${PRODUCT_NAME}: ${summary} See it at ${origin}${path}`,
    summary,
    path,
  } satisfies NotificationText;
}

export function messageText(message: { conversationId: string; senderName: string | null }, origin: string) {
  const who = message.senderName ?? 'Anonymous';
  const path = `/conversations/${encodeURIComponent(message.conversationId)}`;
  return {
    subject: `New message from ${who}`,
    text: `${PRODUCT_NAME}: ${who} sent you a message. Read it at ${origin}${path}`,
    summary: `${who} sent you a message.`,
    path,
  } satisfies NotificationText;
}

/** The line under every e-mail: where to turn them off. */
export function settingsFooter(origin: string): string {
  return `\n\nYou can turn these notifications off in your settings: ${origin}/settings`;
}

/** A webhook endpoint turned off after its deliveries failed for 5 days (decision 032). */
export function webhookDisabledText(endpoint: { url: string }, origin: string): NotificationText {
  const path = '/settings/webhooks';
  const summary = `Deliveries to your webhook endpoint ${endpoint.url} kept failing, so it was paused. Fix it, then turn it back on in your webhook settings.`;
  return {
    subject: 'A webhook endpoint was paused',
    text: `${PRODUCT_NAME}: ${summary} ${origin}${path}`,
    summary,
    path,
  };
}

export type SubscriptionFacts = {
  wishName: string;
  priceCents: number;
  creatorName: string | null;
  endReason: 'canceled' | 'lapsed' | 'unavailable' | null;
};

/** To a fan: a renewal found the wallet short (tried again daily), or the subscription ended (decision 034). */
export function subscriptionText(
  kind: 'subscription_failed' | 'subscription_lapsed',
  facts: SubscriptionFacts,
  origin: string,
): NotificationText {
  const what = `${facts.wishName} (${formatDollars(facts.priceCents)} a month)${facts.creatorName ? ` from ${facts.creatorName}` : ''}`;
  const path = '/subscriptions';
  const summary =
    kind === 'subscription_failed'
      ? `Your wallet is short for your subscription to ${what}. Add tokens: we will try again daily for 3 days.`
      : facts.endReason === 'unavailable'
        ? `Your subscription to ${what} ended: the wish is no longer offered.`
        : `Your subscription to ${what} ended: your wallet stayed short.`;
  return {
    subject: kind === 'subscription_failed' ? 'Your subscription payment failed' : 'Your subscription ended',
    text: `${PRODUCT_NAME}: ${summary} See ${origin}${path}`,
    summary,
    path,
  };
}
