import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './address-key';

describe('addressKeyOf', () => {
  it('keeps an IPv4 address whole, also when it arrives IPv4-mapped', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressKeyOf('2001:db8:0:1::1')).toBe(key);
    expect(addressKeyOf('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKeyOf('2001:DB8:0:1:a:b:c:d')).toBe(key);
    expect(addressKeyOf('2001:db8:0:1::5%eth0')).toBe(key);
    expect(addressKeyOf('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is (a request without a socket is "unknown")', () => {
    expect(addressKeyOf('unknown')).toBe('unknown');
  });
});
