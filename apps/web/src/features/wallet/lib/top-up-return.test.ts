import { describe, expect, it } from 'vitest';
import { topUpReturnTarget } from './top-up-return';

describe('where a finished top-up returns', () => {
  it('goes back to the wish page the purchase started on', () => {
    expect(topUpReturnTarget('/x/w1')).toBe('/x/w1');
  });

  it.each([
    ['no return', null],
    ['an empty one', ''],
    ['another screen of the app', '/balance'],
    ['another site', 'https://example.com/x/w1'],
    ['a protocol-relative address', '//example.com/x/w1'],
    ['a backslash trick', '/\\example.com/x/w1'],
    ['a script', 'javascript:alert(1)'],
  ])('goes to /home for %s', (_label, value) => {
    expect(topUpReturnTarget(value)).toBe('/home');
  });
});
