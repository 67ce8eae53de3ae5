/**
 * Waits before each retry of a failed delivery, after the Standard Webhooks / Svix schedule: immediately,
 * 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h seven times: 13 attempts over about 3.2 days.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000, 36000, 36000, 36000, 36000, 36000];

/** An endpoint whose deliveries have all failed for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_SECONDS = 5 * 24 * 3600;

/**
 * Sooner, an endpoint that keeps failing is paused the same way (decision 055): this many scheduled
 * attempts failed in a row, the first of them at least this long ago (a receiver down for minutes while
 * tips pour in is not paused).
 */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 20;
export const WEBHOOK_PAUSE_AFTER_SECONDS = 3600;

/** The previous secret signs beside the new one this long after a roll. */
export const WEBHOOK_SECRET_OVERLAP_SECONDS = 24 * 3600;

/** The delivery log keeps this long and this many attempts per endpoint, and this much of each answer. */
export const WEBHOOK_LOG_DAYS = 30;
export const WEBHOOK_LOG_MAX_ROWS = 500;
export const WEBHOOK_LOG_BODY_CHARS = 500;

/** The wait after the `attempts`th scheduled attempt failed; undefined when the schedule has run out. */
export function retryDelaySeconds(attempts: number): number | undefined {
  return WEBHOOK_RETRY_SECONDS[attempts - 1];
}
