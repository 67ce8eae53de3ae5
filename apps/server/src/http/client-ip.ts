import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TrustProxy } from '../trust-proxy';

/**
 * The caller's address, for per-network limits. Behind trusted proxies (TRUST_PROXY) it is the address
 * the outermost trusted proxy saw, taken from the right of X-Forwarded-For, never from the left, which
 * the client writes itself. Without one it is the socket's peer.
 */
export function clientIp(c: Context, trustProxy: TrustProxy): string {
  const peer = normalizeAddress(peerAddress(c)) ?? 'unknown';
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Closest first: the socket's peer, then each X-Forwarded-For entry from the right.
  const chain = [peer, ...forwarded.reverse()];
  if (trustProxy.kind === 'hops') {
    const hop = chain[Math.min(trustProxy.hops, chain.length - 1)] ?? peer;
    return normalizeAddress(hop) ?? peer;
  }
  let client = peer;
  for (const hop of chain) {
    const address = normalizeAddress(hop);
    // An entry that is not an address was not written by a proxy of ours: stop at the last one we trust.
    if (!address) return client;
    client = address;
    if (!isTrustedProxy(trustProxy, address)) return address;
  }
  return client;
}

function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // In-process requests (tests) have no socket.
    return undefined;
  }
}

function isTrustedProxy(trustProxy: Extract<TrustProxy, { kind: 'proxies' }>, address: string): boolean {
  return trustProxy.proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** An address as one spelling: without brackets or port, IPv4-mapped IPv6 as IPv4; undefined if it is none. */
export function normalizeAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (withPort?.[1]) address = withPort[1];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  if (isIP(address) === 0) return undefined;
  return address.toLowerCase();
}
