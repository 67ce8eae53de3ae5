import type { Logger } from '../../logger';
import { listDueWithdrawals } from './repo';
import { attemptWithdrawalTransfer, type PayoutDeps } from './service';

/**
 * Finishes withdrawals whose transfer is not settled: the request's answer was unclear, or the process
 * stopped between the debit and the transfer. Each is tried again with the same idempotency key, so the
 * provider makes its one transfer (or answers the one it made). Every instance runs one; a claim keeps two
 * from trying the same withdrawal at once.
 */
export function createWithdrawalWorker(deps: PayoutDeps & { logger: Logger; pollMs?: number }) {
  const pollMs = deps.pollMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopping = false;

  async function runOnce() {
    for (const { id } of await listDueWithdrawals(deps.db, 20)) {
      if (isStopping) return;
      await attemptWithdrawalTransfer(deps, id);
    }
  }

  function schedule() {
    if (isStopping) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => deps.logger.error({ err }, 'the withdrawal worker failed; trying again shortly'))
        .finally(schedule);
    }, pollMs);
  }

  return {
    start() {
      if (!timer && !running) schedule();
    },
    /** Finishes the attempt under way and stops. */
    async stop() {
      isStopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
