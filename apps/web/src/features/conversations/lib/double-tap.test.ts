import { describe, expect, it } from 'vitest';
import { createTapDetector } from './double-tap';

describe('double-tap detection', () => {
  it('takes a second tap within 300 ms for a double tap', () => {
    const taps = createTapDetector();
    expect(taps.tap('m1', 1000)).toBe(false);
    expect(taps.tap('m1', 1300)).toBe(true);
  });

  it('does nothing for a single tap, or two taps too far apart', () => {
    const taps = createTapDetector();
    expect(taps.tap('m1', 1000)).toBe(false);
    expect(taps.tap('m1', 1301)).toBe(false);
    expect(taps.tap('m1', 2000)).toBe(false);
  });

  it('needs both taps on the same message', () => {
    const taps = createTapDetector();
    expect(taps.tap('m1', 1000)).toBe(false);
    expect(taps.tap('m2', 1100)).toBe(false);
    expect(taps.tap('m2', 1200)).toBe(true);
  });

  it('starts over after a double tap: a triple tap toggles once', () => {
    const taps = createTapDetector();
    expect([1000, 1100, 1200].map((at) => taps.tap('m1', at))).toEqual([false, true, false]);
    expect(taps.tap('m1', 1250)).toBe(true);
  });
});
