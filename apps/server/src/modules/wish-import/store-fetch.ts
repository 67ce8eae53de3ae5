import { STORE_LINK_UNREADABLE } from '@sweetwish/shared/wish-import';
import type { AddressPolicy } from '../../adapters/outbound/address-guard';
import { guardedRequest, OutboundError, type OutboundResponse } from '../../adapters/outbound/guarded-request';
import { AppError } from '../../errors';

/** The limits of reading a store link (product.md section 2): each answer read up to 2 MB, 5 s for all of it. */
export const STORE_FETCH_LIMITS = {
  maxBodyBytes: 2 * 1024 * 1024,
  totalTimeoutMs: 5_000,
  connectTimeoutMs: 3_000,
  maxRedirects: 3,
};

/**
 * How store links are fetched. In production nothing but public addresses over the default ports; tests
 * (and only tests, through `isPublic`) add the loopback address their fixture store listens on.
 */
export type StoreFetchPolicy = Pick<AddressPolicy, 'resolve' | 'isPublic'> & {
  /** Plain http as well as https (a fixture store in tests; many small shops still answer on http). */
  allowHttp: boolean;
  /** Tests only: the port the fixture store listens on, besides the default ones. */
  testPort?: number;
  userAgent: string;
};

/** A refusal the creator reads: "This link can't be read" and why. */
export function unreadable(reason: string): AppError {
  return new AppError('VALIDATION', `${STORE_LINK_UNREADABLE}: ${reason}`, {
    url: `${STORE_LINK_UNREADABLE}: ${reason}`,
  });
}

/**
 * One GET of a store's page or image through the address guard (decision 056, decision 110): http(s) on
 * the default port only, every address checked on each of at most 3 redirects, no cookies sent or kept,
 * at most 2 MB read and done by `deadline`.
 */
export async function fetchFromStore(
  url: string,
  accept: string,
  policy: StoreFetchPolicy,
  deadline: number,
): Promise<OutboundResponse> {
  let current = url;
  // Each hop is checked here for its port as well as by the guard for its address: the guard follows no
  // redirect itself, so a hop to another port is refused before it is requested.
  for (let hop = 0; ; hop++) {
    checkPort(current, policy);
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) throw unreadable('the store took too long to answer');
    const answer = await guardedRequest(
      { url: current, method: 'GET', headers: { 'user-agent': policy.userAgent, accept, 'accept-language': 'en' } },
      {
        allowLocal: false,
        allowHttp: policy.allowHttp,
        resolve: policy.resolve,
        isPublic: policy.isPublic,
        connectTimeoutMs: Math.min(STORE_FETCH_LIMITS.connectTimeoutMs, remainingMs),
        totalTimeoutMs: remainingMs,
        maxBodyBytes: STORE_FETCH_LIMITS.maxBodyBytes,
        maxRedirects: 0,
      },
    ).catch((err: unknown) => {
      throw err instanceof OutboundError ? unreadable(reasonOf(err)) : err;
    });
    const location = answer.headers.location;
    if (answer.statusCode < 300 || answer.statusCode > 399 || !location) return answer;
    if (hop >= STORE_FETCH_LIMITS.maxRedirects) throw unreadable('it redirects more than 3 times');
    current = new URL(location, current).href;
  }
}

function checkPort(url: string, policy: StoreFetchPolicy) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw unreadable('it is not a web address');
  }
  if (parsed.protocol !== 'https:' && !(policy.allowHttp && parsed.protocol === 'http:')) {
    throw unreadable('only http:// and https:// links can be read');
  }
  // The URL parser leaves the port empty when it is the scheme's default (80 or 443).
  if (parsed.port !== '' && Number(parsed.port) !== policy.testPort) {
    throw unreadable('only links on the standard web ports can be read');
  }
}

/** The guard's fixed words (decision 056) as a creator reads them. */
function reasonOf(err: OutboundError): string {
  const message = err.message;
  if (message.startsWith('refused: not a public address')) return 'it points to a private or local address';
  if (message.startsWith('refused: not an https://')) return 'only http:// and https:// links can be read';
  if (message.startsWith('refused: an address with a password')) return 'it carries a user name or password';
  if (message.startsWith('refused: not a valid address')) return 'it is not a web address';
  if (message.startsWith('timed out')) return 'the store took too long to answer';
  if (message === 'could not resolve the host name') return 'no such website';
  if (message.startsWith('TLS error')) return 'the website’s secure connection failed';
  return 'the website could not be reached';
}
