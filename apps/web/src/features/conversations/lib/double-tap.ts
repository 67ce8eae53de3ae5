import { DOUBLE_TAP_MS } from '@sweetwish/shared/conversation-rules';

/**
 * Tells a double tap from a single one (product.md section 4, Reaction): the second tap on the same target within
 * 300 ms is a double tap; a third starts over. Taps are read from click events, which mouse, touch and pen
 * all send, so one rule serves every device.
 */
export function createTapDetector(windowMs: number = DOUBLE_TAP_MS) {
  let last: { target: string; at: number } | null = null;
  return {
    /** Records a tap on `target` at `at` (ms); true when it completes a double tap. */
    tap(target: string, at: number): boolean {
      const isDouble = last !== null && last.target === target && at - last.at <= windowMs;
      last = isDouble ? null : { target, at };
      return isDouble;
    },
  };
}
