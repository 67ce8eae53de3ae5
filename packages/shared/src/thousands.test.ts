import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands } from './thousands';

describe('groupThousands', () => {
  it('writes a whole number as en-US does', () => {
    fc.assert(
      fc.property(
        // -n of 0 is -0, which en-US writes "-0": that case is checked on its own below.
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.maxSafeNat().map((n) => (n === 0 ? 0 : -n)),
        ),
        (n) => {
          expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
    );
    expect(groupThousands(0)).toBe('0');
    // An amount that rounds to nothing shows as 0, never "-0" as toLocaleString would write it.
    expect(groupThousands(-0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(-1_250_000)).toBe('-1,250,000');
  });

  it('refuses what is not a whole number', () => {
    for (const n of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => groupThousands(n)).toThrow(RangeError);
  });
});
