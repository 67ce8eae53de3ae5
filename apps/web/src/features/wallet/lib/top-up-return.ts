import { safeReturnPath } from '../../../lib/return-path';

/** Where a finished top-up goes without a wish to return to (product.md section 4, Top-up). */
export const TOP_UP_DEFAULT_RETURN = '/home';

/**
 * Where the top-up return page goes: the wish page the purchase started on (`return=/x/{id}`, architecture.md
 * section 11), so the fan can finish buying it; anything else, another site included, goes to /home.
 */
export function topUpReturnTarget(value: string | null): string {
  const path = safeReturnPath(value);
  return path?.startsWith('/x/') ? path : TOP_UP_DEFAULT_RETURN;
}
