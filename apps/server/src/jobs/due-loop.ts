import type { Change, ChangeFeed, Resync } from '../changes/change-feed';
import type { Logger } from '../logger';

export type DueLoopOptions = {
  /** Named in the log when a turn fails. */
  name: string;
  logger: Logger;
  changes: ChangeFeed;
  /** Changes after which the work due may have changed (rows queued or rescheduled by any instance). */
  wakeOn: (change: Change | Resync) => boolean;
  /** Does what is due now; true when it found something, and then the loop looks again at once. */
  runDue: (isStopping: () => boolean) => Promise<boolean>;
  /** Milliseconds until the next work comes due (0 when some is due), or undefined when none waits. */
  msUntilNextDue: () => Promise<number | undefined>;
  /**
   * The longest the loop sleeps without looking: a safety net for work that no change announces. Without
   * it, a loop with nothing due sets no timer and waits for a change.
   */
  idleCheckMs?: number;
  /** The wait after a turn failed (a lost database connection). */
  retryMs: number;
  /** Told each time the loop goes to sleep, and for how long (undefined: until a change). Tests watch it. */
  onRest?: (ms: number | undefined) => void;
};

/**
 * Node's longest timer (about 24.8 days): a longer one fires at once, which would turn a loop resting
 * until a subscription's renewal a month away into a busy one. It wakes then, looks once, and rests again.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

const earliest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

/**
 * A background loop that rests when there is nothing to do (issue 16): it does the work that is due, then
 * sleeps until the next piece comes due, until a change wakes it, or at most `idleCheckMs`. An idle instance
 * runs a couple of statements per check (none without `idleCheckMs`), not per turn of a busy loop.
 */
export function createDueLoop(options: DueLoopOptions) {
  const { logger, changes, idleCheckMs, retryMs } = options;
  let isStopping = false;
  let isWoken = false;
  let wake: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;

  async function sleep(ms: number | undefined) {
    if (isWoken || isStopping) return;
    await new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(resolve, Math.min(ms, MAX_TIMER_MS));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = undefined;
  }

  async function loop() {
    while (!isStopping) {
      isWoken = false;
      try {
        if (await options.runDue(() => isStopping)) continue;
        const restMs = earliest(await options.msUntilNextDue(), idleCheckMs);
        options.onRest?.(restMs);
        await sleep(restMs);
      } catch (err) {
        if (isStopping) break;
        logger.error({ err }, `the ${options.name} failed; trying again shortly`);
        await sleep(retryMs);
      }
    }
  }

  return {
    /** Looks for due work now (a slot freed, a limit lifted): as a change of `wakeOn` would. */
    wake() {
      isWoken = true;
      wake?.();
    },
    start() {
      if (running) return;
      unsubscribe = changes.subscribe((change) => {
        if (!options.wakeOn(change)) return;
        isWoken = true;
        wake?.();
      });
      running = loop();
    },
    /** Lets the turn under way finish (runDue sees isStopping) and stops. */
    async stop() {
      isStopping = true;
      unsubscribe?.();
      wake?.();
      await running;
    },
  };
}

/** Milliseconds from a database's answer (seconds until a time, or null for none) as msUntilNextDue wants. */
export function msFromSeconds(seconds: string | number | null | undefined): number | undefined {
  if (seconds === null || seconds === undefined) return undefined;
  return Math.max(0, Number(seconds) * 1000);
}
