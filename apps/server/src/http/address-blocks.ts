import { isIP } from 'node:net';

/**
 * The units per-network limits count (issue 16): `address` is one subscriber (an IPv4 address, or the
 * IPv6 /64 a home or phone gets, since one device can pick any address inside it), `range` the network
 * around it (IPv4 /24, IPv6 /48), so a client hopping between neighbouring addresses still adds up.
 * Anything that is not an address (no socket in tests: "unknown") is its own unit.
 */
export function addressBlocks(ip: string): { address: string; range: string } {
  const version = isIP(ip);
  if (version === 4) {
    const [a, b, c] = ip.split('.');
    return { address: ip, range: `${a}.${b}.${c}.0/24` };
  }
  if (version === 6) {
    const groups = ipv6Groups(ip);
    return { address: `${groups.slice(0, 4).join(':')}::/64`, range: `${groups.slice(0, 3).join(':')}::/48` };
  }
  return { address: ip, range: ip };
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  let text = ip.split('%')[0] ?? ip;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
