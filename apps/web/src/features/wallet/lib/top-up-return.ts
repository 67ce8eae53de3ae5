import { intentFromSearch } from '../../../components/wallet/top-up-intent';
import { safeReturnPath } from '../../../lib/return-path';

/** Where a finished top-up goes without a wish to return to (product.md section 4, Top-up). */
export const TOP_UP_DEFAULT_RETURN = '/home';

/**
 * Where the top-up return page goes: the wish page the purchase started on (`return=/x/{id}`, architecture.md
 * section 11), or any screen of the app whose payment ran short (a tip, a contribution, a subscription: the
 * return carries the intent), so the fan can finish it; anything else, another site included, goes to /home.
 */
export function topUpReturnTarget(value: string | null): string {
  const path = safeReturnPath(value);
  if (!path) return TOP_UP_DEFAULT_RETURN;
  const search = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  return path.startsWith('/x/') || intentFromSearch(search) ? path : TOP_UP_DEFAULT_RETURN;
}

/** The tokens a return names (`tokens=N`, set by the server from the checkout's quantity), or null. */
export function topUpReturnTokens(value: string | null): number | null {
  const tokens = Number(value);
  return value && Number.isSafeInteger(tokens) && tokens > 0 ? tokens : null;
}
