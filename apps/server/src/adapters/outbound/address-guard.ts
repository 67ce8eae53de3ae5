import dns from 'node:dns';
import net from 'node:net';

/**
 * The one address guard for every request the server makes to a URL a user gave it: webhooks, push
 * endpoints, and any later fetch of a user's link (decision 056). A URL typed by a user must not become a
 * way into our own network (SSRF), so outside a developer's machine only public unicast addresses are
 * reached. Everything else is refused, including the forms that embed an IPv4 address in IPv6.
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
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
// IPv4-mapped addresses (::ffff:a.b.c.d) are checked against the IPv4 rules by BlockList itself.
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated): ::127.0.0.1 reaches 127.0.0.1 on some stacks
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64: reaches any IPv4 address, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: an IPv4 address inside
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS's metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is a public one a user's URL may reach; anything that is not an IP literal is not. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family === 6) return !BLOCKED.check(address, 'ipv6');
  return false;
}

/** A host name in brackets ([::1]) without them. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** `localhost` and its subdomains, with or without the final dot: names that mean this machine. */
export function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The check made when a URL is saved: its host is neither a local name nor an IP literal that is not
 * public. A name passes here; what it resolves to is checked at every request (resolveCheckedAddress).
 */
export function isPublicUrlHost(url: URL): boolean {
  const host = bareHost(url.hostname);
  if (isLocalHostName(host)) return false;
  return net.isIP(host) === 0 || isPublicAddress(host);
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address of a host name (tests inject their own, to resolve a name to a private address). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** What a user is told of a refused address: never what the name resolved to (decision 056). */
export const REFUSED_ADDRESS = 'refused: not a public address';

/** A refused host; `detail` (the name and the address found) is for the server's log only. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(readonly detail: string) {
    super(REFUSED_ADDRESS);
    this.name = 'RefusedAddressError';
  }
}

export type AddressPolicy = {
  /** A developer's machine (a local PUBLIC_URL): loopback and private addresses may be reached. */
  allowLocal: boolean;
  resolve?: Resolver;
  /** Tests only: which addresses count as public (default isPublicAddress). */
  isPublic?: (address: string) => boolean;
};

/**
 * The one address a request connects to: the host's IP literal, or the first address its name resolves
 * to, after checking EVERY address (a name with one private address among public ones is refused). The
 * caller pins the connection to it (pinnedLookup), so a name that resolves elsewhere a moment later (DNS
 * rebinding) changes nothing.
 */
export async function resolveCheckedAddress(hostname: string, policy: AddressPolicy): Promise<ResolvedAddress> {
  const isPublic = policy.isPublic ?? isPublicAddress;
  const host = bareHost(hostname);
  const family = net.isIP(host);
  if (family !== 0) {
    if (!policy.allowLocal && !isPublic(host)) throw new RefusedAddressError(`${host} is not a public address`);
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  if (!policy.allowLocal && isLocalHostName(host)) throw new RefusedAddressError(`${host} is a local name`);
  const addresses = await (policy.resolve ?? systemResolver)(host);
  const [first] = addresses;
  if (!first) throw new RefusedAddressError(`${host} has no address`);
  const refused = policy.allowLocal ? undefined : addresses.find((a) => !isPublic(a.address));
  if (refused) throw new RefusedAddressError(`${host} resolves to ${refused.address}, not a public address`);
  return first;
}

/** A `lookup` for http(s).request that answers only the checked address: the name is never asked again. */
export function pinnedLookup(target: ResolvedAddress): net.LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}
