import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { formatDollars, formatTokens } from '@sweetwish/shared/money';
import { RENEWAL_REMINDER_DAYS } from '@sweetwish/shared/subscriptions';
import type { NotificationText } from './texts';

// What a receipt and a renewal reminder say (decision 091): the amount, what it paid for, when, and a link
// to where the payer sees it. Times are in UTC, said so: the server does not know the payer's time zone.

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Dec 5, 2026, 9:13 PM UTC". */
function receiptTime(at: Date): string {
  return `${WHEN.format(at)} UTC`;
}

/** "25 tokens ($25)": what the payer gave, in the wallet's unit and in dollars. */
function amount(cents: number): string {
  return `${formatTokens(cents)} ${cents === 100 ? 'token' : 'tokens'} (${formatDollars(cents)})`;
}

function receipt(subject: string, summary: string, path: string, origin: string): NotificationText {
  return { subject, text: `${PRODUCT_NAME} receipt: ${summary} See it at ${origin}${path}`, summary, path };
}

type PurchaseReceiptFacts = {
  /** A tip, a wish bought, or a subscription's first or later month. */
  kind: 'tip' | 'gift' | 'subscription' | 'renewal';
  costCents: number;
  wishName: string | null;
  /** Null when the creator has no public profile any more. */
  creatorName: string | null;
  isAnonymous: boolean;
  at: Date;
};

/** The payer's receipt of a tip, a gift or a subscription's month. */
export function purchaseReceiptText(facts: PurchaseReceiptFacts, origin: string): NotificationText {
  const creator = facts.creatorName ?? 'a creator';
  const wish = facts.wishName ?? 'a wish';
  const when = receiptTime(facts.at);
  const anonymously = facts.isAnonymous ? ' anonymously' : '';
  if (facts.kind === 'tip') {
    const summary = `You tipped ${creator} ${amount(facts.costCents)}${anonymously} on ${when}.`;
    return receipt(`Your receipt for a tip on ${PRODUCT_NAME}`, summary, '/purchases', origin);
  }
  if (facts.kind === 'gift') {
    const summary = `You bought ${wish} for ${creator}${anonymously}: ${amount(facts.costCents)} on ${when}.`;
    return receipt(`Your receipt for a gift on ${PRODUCT_NAME}`, summary, '/purchases', origin);
  }
  const started = facts.kind === 'subscription' ? 'started' : 'renewed';
  const month = facts.kind === 'subscription' ? 'the first month' : 'another month';
  const summary = `Your subscription to ${wish} from ${creator} ${started}: ${amount(facts.costCents)} for ${month}, on ${when}.`;
  return receipt(`Your subscription ${started} on ${PRODUCT_NAME}`, summary, '/subscriptions', origin);
}

/** The payer's receipt of a group-gift contribution; it links to the wish, where it can be taken back. */
export function contributionReceiptText(
  facts: { wishId: string; wishName: string | null; creatorName: string | null; amountCents: number; at: Date },
  origin: string,
): NotificationText {
  const summary = `You contributed ${amount(facts.amountCents)} to the group gift ${facts.wishName ?? 'a wish'} for ${facts.creatorName ?? 'a creator'} on ${receiptTime(facts.at)}.`;
  const path = `/x/${encodeURIComponent(facts.wishId)}`;
  return receipt(`Your receipt for a contribution on ${PRODUCT_NAME}`, summary, path, origin);
}

/** The receipt of a card top-up: the tokens added and what the card paid (the tokens and the service fee). */
export function topUpReceiptText(
  facts: { quantity: number; totalCents: number; at: Date },
  origin: string,
): NotificationText {
  const tokens = `${formatTokens(facts.quantity * 100)} ${facts.quantity === 1 ? 'token' : 'tokens'}`;
  const summary = `${tokens} added to your wallet, ${formatDollars(facts.totalCents)} paid by card on ${receiptTime(facts.at)}.`;
  return receipt(`Your receipt for tokens on ${PRODUCT_NAME}`, summary, '/balance', origin);
}

/** Three days before a renewal (decision 091): what will be charged, when, and where to cancel before it. */
export function renewalReminderText(
  facts: { wishName: string; priceCents: number; creatorName: string | null; nextChargeAt: Date },
  origin: string,
): NotificationText {
  const path = '/subscriptions';
  const from = facts.creatorName ? ` from ${facts.creatorName}` : '';
  const summary = `Your subscription to ${facts.wishName}${from} renews on ${DAY.format(facts.nextChargeAt)}: ${amount(facts.priceCents)} from your wallet. To stop it, cancel before then.`;
  return {
    subject: `Your subscription renews in ${RENEWAL_REMINDER_DAYS} days`,
    text: `${PRODUCT_NAME}: ${summary} ${origin}${path}`,
    summary,
    path,
  };
}
