import { INVALID_PHONE_MESSAGE, toE164UsPhone } from '@sweetwish/shared/accounts';
import { describe, expect, it } from 'vitest';
import { maskUsPhone } from './phone-mask';

/** What the field shows after typing `keys` one at a time, as the browser would hand them over. */
function typeInto(keys: string): string {
  let value = '';
  for (const key of keys) value = maskUsPhone(value + key);
  return value;
}

describe('maskUsPhone', () => {
  it.each([
    ['', ''],
    ['2', '2'],
    ['202', '202'],
    ['2025', '202-5'],
    ['202555', '202-555'],
    ['2025550', '202-555-0'],
    ['2025550123', '202-555-0123'],
  ])('shows %j as %j', (digits, shown) => {
    expect(maskUsPhone(digits)).toBe(shown);
  });

  it('puts the dashes in while typing', () => {
    expect(typeInto('2025550123')).toBe('202-555-0123');
  });

  it('takes only digits', () => {
    expect(typeInto('2a0b2-5(5)5 0.1+2x3')).toBe('202-555-0123');
  });

  it('refuses a 0 as the first digit', () => {
    expect(typeInto('0')).toBe('');
    expect(typeInto('02025550123')).toBe('202-555-0123');
  });

  it('accepts 1 to 9 as the first digit', () => {
    expect(typeInto('1')).toBe('1');
    expect(typeInto('9')).toBe('9');
  });

  it('stops at ten digits', () => {
    expect(typeInto('20255501234567')).toBe('202-555-0123');
  });

  it('keeps dashes from a paste in the right places', () => {
    expect(maskUsPhone('202-555-0123')).toBe('202-555-0123');
    expect(maskUsPhone('(202) 555 0123')).toBe('202-555-0123');
  });

  it('drops a pasted +1 country code', () => {
    expect(maskUsPhone('+1 202 555 0123')).toBe('202-555-0123');
  });

  it('lets a backspace remove the digit before a dash', () => {
    expect(maskUsPhone('202-5')).toBe('202-5');
    expect(maskUsPhone('202-')).toBe('202');
  });
});

describe('the masked number as the sign-in sends it', () => {
  it('becomes +1 and ten digits', () => {
    expect(toE164UsPhone(maskUsPhone('2025550123'))).toBe('+12025550123');
  });

  it.each([
    ['too few digits', '202555012'],
    ['an area code starting with 1', '1025550123'],
  ])('is refused with "%s"', (_why, digits) => {
    expect(toE164UsPhone(maskUsPhone(digits))).toBeUndefined();
    expect(INVALID_PHONE_MESSAGE).toBe('Invalid phone number');
  });
});
