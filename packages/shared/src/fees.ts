/**
 * Every rate the product charges, in one place (architecture.md section 3, product.md section 9).
 * Rates are in basis points (1% = 100) so that money maths stays in integers.
 */
export const FEE_RATES = {
  /** Service fee added to a token purchase, before the cap. */
  topUpServiceFeeBps: 200,
  /** The top-up service fee never exceeds this many cents. */
  topUpServiceFeeCapCents: 500,
  /** Share of a gift or tip that reaches the recipient. */
  recipientBps: 8000,
  /** Platform fee on a gift or tip, affiliate share included. */
  platformFeeBps: 1000,
  /** Part of the platform fee paid to the affiliate who invited the recipient. */
  affiliateBps: 200,
  /** Processing share: what is left after the recipient and the platform fee. */
  processingBps: 1000,
} as const;

export const MIN_WITHDRAWAL_TOKENS = 50;
/** Days earned tokens stay pending before they can be withdrawn (the server's CLEARING_DAYS default). */
export const CLEARING_DAYS_DEFAULT = 7;
/** Stated in the terms: withdrawals are processed within this many U.S. business days. */
export const WITHDRAWAL_PROCESSING_BUSINESS_DAYS = 3;
/** Stated on the balance screen: money usually arrives within this range of business days. */
export const WITHDRAWAL_ARRIVAL_BUSINESS_DAYS = '3-5';
export const CHARGEBACK_REIMBURSEMENT_DAYS = 10;
export const FEE_CHANGE_NOTICE_DAYS = 30;
export const FINANCIAL_RECORDS_YEARS = 7;

/** "2%" from 200 basis points: for texts that state a rate. */
export function formatRate(bps: number): string {
  return `${bps / 100}%`;
}
