import type { ChangeFeed } from '../../changes/change-feed';
import { createDueLoop, msFromSeconds } from '../../jobs/due-loop';
import { listDueWithdrawals, secondsUntilNextWithdrawalDue } from './repo';
import { attemptWithdrawalTransfer, type PayoutDeps } from './service';

/**
 * Finishes withdrawals whose transfer is not settled: the request's answer was unclear, or the process
 * stopped between the debit and the transfer. Each is tried again with the same idempotency key, so the
 * provider makes its one transfer (or answers the one it made). Every instance runs one; a claim keeps two
 * from trying the same withdrawal at once. It sleeps until the next retry or claim comes due, and a retry
 * scheduled on any instance wakes it (jobs/due-loop.ts). A new withdrawal does not: its own request makes
 * the first attempt, and a worker taking it first would leave that request with no answer to give.
 */
export function createWithdrawalWorker(deps: PayoutDeps & { changes: ChangeFeed; idleCheckMs?: number }) {
  return createDueLoop({
    name: 'withdrawal worker',
    logger: deps.logger,
    changes: deps.changes,
    wakeOn: (change) => change.topic === 'withdrawal-retries' || change.topic === 'resync',
    runDue: async (isStopping) => {
      const due = await listDueWithdrawals(deps.db, 20);
      for (const { id } of due) {
        if (isStopping()) break;
        await attemptWithdrawalTransfer(deps, id);
      }
      return due.length > 0;
    },
    msUntilNextDue: async () => msFromSeconds(await secondsUntilNextWithdrawalDue(deps.db)),
    idleCheckMs: deps.idleCheckMs ?? 5 * 60_000,
    retryMs: 5_000,
  });
}
