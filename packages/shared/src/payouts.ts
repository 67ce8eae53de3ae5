import { z } from 'zod';
import { CENTS_PER_TOKEN } from './money';
import { pageOf } from './paging';
import {
  PAYOUT_MESSAGES,
  STATEMENT_KINDS,
  WITHDRAWAL_MAX_TOKENS,
  WITHDRAWAL_MIN_TOKENS,
  WITHDRAWAL_STATUSES,
} from './payouts-rules';
import { wholeNumberText } from './typed-number';
import { AppPath } from './wallet';

/** Payout accounts, withdrawals and the earnings statement: the calls' schemas (product.md section 7, architecture.md 3-4). */

/** getStripeAccountStatus: the payout account, or null before onboarding starts. */
export const PayoutAccountStatus = z.object({
  account: z.object({ id: z.string(), payoutsEnabled: z.boolean(), detailsSubmitted: z.boolean() }).nullable(),
});
export type PayoutAccountStatus = z.infer<typeof PayoutAccountStatus>;

/** createStripeOnboardingLink: where onboarding returns to (the page it started from). */
export const OnboardingLinkInput = z.object({ location: AppPath });
export type OnboardingLinkInput = z.infer<typeof OnboardingLinkInput>;

export const OnboardingLink = z.object({ url: z.url() });
export type OnboardingLink = z.infer<typeof OnboardingLink>;

const WithdrawalAmount = z
  .number({ error: PAYOUT_MESSAGES.notANumber })
  .int(PAYOUT_MESSAGES.notANumber)
  .min(WITHDRAWAL_MIN_TOKENS, PAYOUT_MESSAGES.minimum)
  .max(WITHDRAWAL_MAX_TOKENS, PAYOUT_MESSAGES.insufficient);

/** makeStripeWithdrawal: whole tokens, at least 50. */
export const WithdrawalInput = z.object({ amount: WithdrawalAmount });
export type WithdrawalInput = z.infer<typeof WithdrawalInput>;

/**
 * The withdraw form (product.md section 5, Withdrawal): the amount as typed, checked as makeStripeWithdrawal checks
 * it and, once the wallet is known, against its whole tokens (cents below a token stay in the wallet). The
 * server checks the balance again when it takes the money.
 */
export function withdrawalFields(availableCents: number | undefined) {
  return z.object({
    amount: wholeNumberText(WithdrawalAmount).refine(
      (amount) => availableCents === undefined || amount <= Math.floor(availableCents / CENTS_PER_TOKEN),
      PAYOUT_MESSAGES.insufficient,
    ),
  });
}

export const Withdrawal = z.object({
  id: z.string(),
  amountCents: z.number().int().positive(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** With `payout_failed`: what failed and what to do; else null. */
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalPage = pageOf(Withdrawal);
export type WithdrawalPage = z.infer<typeof WithdrawalPage>;

/**
 * One line of the wallet's statement: what moved and why. Received gifts and tips carry their gross and
 * fees; `amountCents` is what the wallet gained (positive) or lost (negative).
 */
export const StatementLine = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  description: z.string(),
  grossCents: z.number().int().nullable(),
  feesCents: z.number().int().nullable(),
  amountCents: z.number().int(),
  /** The fan's message with a gift or tip sent or received (decision 100), or null. */
  message: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const StatementPage = z.object({
  lines: z.array(StatementLine),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type StatementPage = z.infer<typeof StatementPage>;

export const StatementQuery = z.object({
  // An entry id: a bigint, so at most 18 digits (a longer number could overflow it).
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'Must be an entry id')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)');

/** A CSV export of whole days, `from` to `to` inclusive, in UTC. */
export const StatementExportQuery = z
  .object({ from: Day, to: Day })
  .refine((q) => q.from <= q.to, { message: 'The range must start before it ends', path: ['to'] });
