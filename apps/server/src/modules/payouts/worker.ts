import type { z } from 'zod';
import type { JobType } from '../../jobs/job-type';
import type { PayoutDeps } from './payout-deps';
import { findNextWithdrawalAttempt } from './repo';
import { attemptWithdrawalTransfer } from './transfer-attempt';
import { withdrawalJobKind } from './withdrawal-job-kind';

/**
 * The job that finishes a withdrawal whose transfer is not settled: the request's answer was unclear, or
 * the process stopped between the debit and the transfer. It is queued with the debit, due a few seconds
 * after it (the request makes the first attempt, holding the withdrawal's claim meanwhile), and brought
 * forward when an attempt schedules a sooner retry. A run that comes due tries again with the same
 * idempotency key (decision 018), so the provider makes its one transfer; then it comes back when the
 * withdrawal says (its next attempt, or the end of someone else's claim). It is done when the withdrawal
 * is no longer pending, and never given up: a transfer may exist.
 */
export function withdrawalJob(deps: PayoutDeps): JobType<z.infer<typeof withdrawalJobKind.payload>> {
  return {
    kind: withdrawalJobKind,
    leaseSeconds: 5 * 60,
    // The withdrawal's own schedule decides its retries; this back-off only follows an unexpected error.
    retry: { maxAttempts: Number.POSITIVE_INFINITY, firstSeconds: 5, factor: 2, maxSeconds: 3600 },
    async handle({ withdrawalId }) {
      let next = await findNextWithdrawalAttempt(deps.db, withdrawalId);
      if (next?.isDue) {
        await attemptWithdrawalTransfer(deps, withdrawalId);
        next = await findNextWithdrawalAttempt(deps.db, withdrawalId);
      }
      return next && { retryAt: next.at };
    },
  };
}
