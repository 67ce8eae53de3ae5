import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of the server may say who the client is (TRUST_PROXY). X-Forwarded-For is
 * written left to right: whatever the client sent first, then one address appended by each proxy. Only
 * the entries our own proxies appended can be believed; anything left of them is the client's word.
 * - `hops`: that many proxies always stand in front (0: none, use the socket's peer).
 * - `proxies`: the proxies' own addresses or ranges; entries are read from the right while they are ours.
 */
export type TrustProxy = { kind: 'hops'; hops: number } | { kind: 'proxies'; proxies: BlockList };

const MAX_HOPS = 10;

/** A TRUST_PROXY value as a rule, or the reason it is not one. `true` is one proxy (the usual set-up). */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const trimmed = value.trim();
  if (trimmed === 'false') return { kind: 'hops', hops: 0 };
  if (trimmed === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= MAX_HOPS ? { kind: 'hops', hops } : { error: `must be at most ${MAX_HOPS} hops` };
  }
  const proxies = new BlockList();
  for (const entry of trimmed.split(',').map((part) => part.trim())) {
    const [address = '', prefix] = entry.split('/');
    const version = isIP(address);
    const family = version === 6 ? 'ipv6' : 'ipv4';
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = version === 6 ? 128 : 32;
    if (version === 0 || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))) {
      return {
        error: `must be true, false, a number of proxies, or proxy addresses and ranges such as 10.0.0.0/8,2001:db8::1 (not "${entry}")`,
      };
    }
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, bits, family);
  }
  return { kind: 'proxies', proxies };
}
