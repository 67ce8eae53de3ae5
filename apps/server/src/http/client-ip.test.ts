import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../trust-proxy';
import { addressBlocks } from './address-blocks';
import { clientIp } from './client-ip';

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

/** The address clientIp finds for a request from `peer` (the socket) carrying `forwardedFor`. */
async function seenAs(trustProxy: string, peer: string, forwardedFor?: string): Promise<string> {
  const app = new Hono();
  const rule = trust(trustProxy);
  app.get('/', (c) => c.text(clientIp(c, rule)));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor };
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return res.text();
}

describe('the client address', () => {
  it('is the socket peer without trusted proxies, whatever X-Forwarded-For says', async () => {
    expect(await seenAs('false', '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await seenAs('0', '::ffff:198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('behind one proxy (true, or 1) is the entry that proxy appended, not one the client wrote', async () => {
    for (const value of ['true', '1']) {
      expect(await seenAs(value, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
      expect(await seenAs(value, '10.0.0.2', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
      expect(await seenAs(value, '10.0.0.2', 'forged, 1.1.1.1,198.51.100.7')).toBe('198.51.100.7');
      // A request that reached the server around the proxy has no entry: the peer is the client.
      expect(await seenAs(value, '198.51.100.8')).toBe('198.51.100.8');
    }
  });

  it('behind two proxies is the entry the outer one appended', async () => {
    expect(await seenAs('2', '10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.9')).toBe('198.51.100.7');
  });

  it('with proxy addresses, skips the trusted ones from the right and stops at the first other', async () => {
    const proxies = '10.0.0.0/8, 2001:db8:ffff::/48';
    expect(await seenAs(proxies, '10.1.2.3', '6.6.6.6, 198.51.100.7, 10.9.9.9')).toBe('198.51.100.7');
    expect(await seenAs(proxies, '2001:db8:ffff::1', '[2001:db8:1::5]:4711')).toBe('2001:db8:1::5');
    // Not from a proxy of ours: X-Forwarded-For is the client's word only.
    expect(await seenAs(proxies, '198.51.100.8', '1.2.3.4')).toBe('198.51.100.8');
    // Garbage where our proxy writes: the last trusted hop stands for the client.
    expect(await seenAs(proxies, '10.1.2.3', 'not-an-address')).toBe('10.1.2.3');
  });

  it('refuses a TRUST_PROXY that is none of the forms', () => {
    for (const value of ['yes', '11', '10.0.0.0/33', '10.0.0.0/8,nope', '']) {
      expect(parseTrustProxy(value)).toHaveProperty('error');
    }
  });
});

describe('address blocks', () => {
  it('count an IPv4 address alone and in its /24', () => {
    expect(addressBlocks('198.51.100.7')).toEqual({ address: '198.51.100.7', range: '198.51.100.0/24' });
  });

  it('count an IPv6 address by its /64 and /48, however it is written', () => {
    const blocks = { address: '2001:db8:1:2::/64', range: '2001:db8:1::/48' };
    expect(addressBlocks('2001:db8:1:2::1')).toEqual(blocks);
    expect(addressBlocks('2001:0db8:0001:0002:ffff:0:0:1')).toEqual(blocks);
    expect(addressBlocks('2001:db8:1:2:0:0:1.2.3.4')).toEqual(blocks);
    expect(addressBlocks('::1')).toEqual({ address: '0:0:0:0::/64', range: '0:0:0::/48' });
  });

  it('keep a non-address as its own unit', () => {
    expect(addressBlocks('unknown')).toEqual({ address: 'unknown', range: 'unknown' });
  });
});
