import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses a webhook may not reach outside a developer's machine (decision 032): its URL is whatever a
 * signed-in user typed, so without this the server would POST into its own network (SSRF). IPv4-mapped
 * IPv6 forms (::ffff:127.0.0.1, ::ffff:7f00:1) are checked against the IPv4 rules by BlockList itself.
 */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT (and Alibaba's metadata address 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated) forms
  ['64:ff9b::', 96], // NAT64: reaches any IPv4 address, private ones included
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS's metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach in production; anything that is not an IP is. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address, 'ipv6');
  return true;
}

/** A host name in brackets ([::1]) without them. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

export function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address of a host name (tests inject their own, to resolve a name to a private address). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** What a creator is told of a refused address: never what the name resolved to (issue 46, item 7). */
export const REFUSED_ADDRESS = 'refused: not a public address';

/** A refused host; `detail` (the name and the address found) is for the server's log only. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(readonly detail: string) {
    super(REFUSED_ADDRESS);
  }
}

/**
 * The one address a delivery connects to: the host's IP literal, or the first address the name resolves
 * to, after checking EVERY address (a name with one private address among public ones is refused). The
 * caller connects to this very address (it pins it in the request's `lookup`), so a name that resolves
 * to something else a moment later (DNS rebinding) changes nothing.
 */
export async function pickAddress(
  hostname: string,
  options: { allowLocal: boolean; resolve: Resolver },
): Promise<ResolvedAddress> {
  const host = bareHost(hostname);
  const family = net.isIP(host);
  if (family !== 0) {
    if (!options.allowLocal && isBlockedAddress(host)) throw new RefusedAddressError(`${host} is not a public address`);
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  if (!options.allowLocal && isLocalHostName(host)) throw new RefusedAddressError(`${host} is not a public host`);
  const addresses = await options.resolve(host);
  const [first] = addresses;
  if (!first) throw new RefusedAddressError(`${host} has no address`);
  if (!options.allowLocal) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw new RefusedAddressError(`${host} resolves to ${blocked.address}, not a public address`);
  }
  return first;
}
