import type { CardFields } from './hosted-html';

export const SUCCEEDING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export type CardOutcome = { isApproved: true } | { isApproved: false; message: string; status: 400 | 402 };

/**
 * Stripe's test card rules, checked as Stripe's form checks them: the number first, then expiry and
 * security code, then the card's answer. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined, any other number is invalid. Spaces in the number do not matter.
 */
export function checkTestCard(fields: CardFields, now: Date): CardOutcome {
  const number = fields.cardNumber.replace(/[\s-]/g, '');
  if (number !== SUCCEEDING_CARD && number !== DECLINED_CARD) {
    return { isApproved: false, message: 'Your card number is invalid.', status: 400 };
  }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    return { isApproved: false, message: "Your card's expiration date is incomplete.", status: 400 };
  }
  const year = Number(expiry[2]) + ((expiry[2] ?? '').length === 2 ? 2000 : 0);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { isApproved: false, message: "Your card's expiration date is in the past.", status: 400 };
  }
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) {
    return { isApproved: false, message: "Your card's security code is incomplete.", status: 400 };
  }
  if (number === DECLINED_CARD) return { isApproved: false, message: 'Your card was declined.', status: 402 };
  return { isApproved: true };
}
