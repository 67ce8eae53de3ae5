import { describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  isPublicUrlHost,
  REFUSED_ADDRESS,
  type Resolver,
  resolveCheckedAddress,
} from './address-guard';

/** Every way we know to write this machine, its network or a metadata service into a URL's host. */
const LOOPBACK_URLS = [
  'https://127.0.0.1/',
  'https://127.1/',
  'https://127.0.1/',
  'https://0177.0.0.1/',
  'https://0x7f.0.0.1/',
  'https://0x7f000001/',
  'https://2130706433/',
  'https://127.255.255.254/',
  'https://0/',
  'https://0.0.0.0/',
  'https://localhost/',
  'https://LOCALHOST./',
  'https://api.localhost/',
  'https://[::1]/',
  'https://[0:0:0:0:0:0:0:1]/',
  'https://[::]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[0:0:0:0:0:ffff:127.0.0.1]/',
  'https://[::127.0.0.1]/',
  'https://[::7f00:1]/',
  'https://[::ffff:0:127.0.0.1]/',
  'https://[64:ff9b::127.0.0.1]/',
  'https://[64:ff9b:1::7f00:1]/',
  'https://[2002:7f00:1::]/',
  'https://[2001:0:7f00:1::]/',
  'https://169.254.169.254/',
  'https://[::ffff:a9fe:a9fe]/',
  'https://[::a9fe:a9fe]/',
  'https://[fd00:ec2::254]/',
  'https://100.100.100.200/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://[fe80::1]/',
  'https://[fc00::1]/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
];

describe('the address guard', () => {
  it.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:93.184.216.34', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['100.64.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['198.18.0.1', false],
    ['203.0.113.5', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::ffff:0:7f00:1', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['2001:db8::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['not-an-address', false],
    ['127.1', false],
  ])('%s is public: %s', (address, isPublic) => {
    expect(isPublicAddress(address)).toBe(isPublic);
  });

  it.each(LOOPBACK_URLS)('refuses %s when a URL is saved', (url) => {
    expect(isPublicUrlHost(new URL(url))).toBe(false);
  });

  it('lets a public name or address be saved (what a name resolves to is checked at each request)', () => {
    expect(isPublicUrlHost(new URL('https://hooks.example.com/x'))).toBe(true);
    expect(isPublicUrlHost(new URL('https://93.184.216.34/x'))).toBe(true);
    expect(isPublicUrlHost(new URL('https://[2606:4700:4700::1111]/x'))).toBe(true);
  });

  describe('when a request is made', () => {
    const table: Record<string, string[]> = {
      'public.example': ['93.184.216.34', '2606:4700:4700::1111'],
      'mixed.example': ['93.184.216.34', '192.168.1.10'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'compatible.example': ['::127.0.0.1'],
      vm: ['127.0.0.1'],
      'nothing.example': [],
    };
    const resolve: Resolver = async (host) =>
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const production = { allowLocal: false, resolve };

    it('checks every address of a name and answers the first, to pin the connection to', async () => {
      expect(await resolveCheckedAddress('public.example', production)).toEqual({
        address: '93.184.216.34',
        family: 4,
      });
    });

    it.each(['mixed.example', 'mapped.example', 'compatible.example', 'vm', 'nothing.example'])(
      'refuses %s, saying nothing of where it points',
      async (host) => {
        const refusal = resolveCheckedAddress(host, production);
        await expect(refusal).rejects.toThrow(REFUSED_ADDRESS);
        const error = (await refusal.catch((err: unknown) => err)) as Error & { detail: string };
        expect(error.message).toBe(REFUSED_ADDRESS);
        expect(error.detail).toContain(host);
      },
    );

    it.each(LOOPBACK_URLS.map((url) => new URL(url).hostname))(
      'refuses the literal %s without resolving anything',
      async (hostname) => {
        const asked: string[] = [];
        const refusal = resolveCheckedAddress(hostname, {
          allowLocal: false,
          resolve: async (host) => {
            asked.push(host);
            return [{ address: '127.0.0.1', family: 4 }];
          },
        });
        await expect(refusal).rejects.toThrow(REFUSED_ADDRESS);
        expect(asked.filter((host) => !host.includes('localhost'))).toEqual([]);
      },
    );

    it('lets a developer machine reach its own addresses', async () => {
      expect(await resolveCheckedAddress('vm', { allowLocal: true, resolve })).toEqual({
        address: '127.0.0.1',
        family: 4,
      });
      expect(await resolveCheckedAddress('[::1]', { allowLocal: true, resolve })).toEqual({
        address: '::1',
        family: 6,
      });
    });
  });
});
