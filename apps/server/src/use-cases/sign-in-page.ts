import { BROWSER_COOKIES, hasCookie } from '@sweetwish/shared/browser-cookies';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { pathSegments } from '../http/path-segments';
import { publicConfig } from '../modules/accounts/public-config';
import { findInviter } from '../modules/profiles/handles';

/** The sign-in method an address asks for: e-mail with `?method=email`, else the phone (the default). */
export const signInMethodOf = (query: string | undefined): 'phone' | 'email' => (query === 'email' ? 'email' : 'phone');

/**
 * The JSON the server renders the sign-in screen with (decision 043): the set-up, as GET /api/public-config
 * answers it; on an invite link (/join/{code}), the inviter GET /api/affiliates/{code} names, or null for a
 * code that names nobody; whether this browser accepted the terms (their cookie), for the dialog; and the
 * sign-in method the address asks for (`?method=email`: the method toggle is a link, decision 052).
 * Undefined for an address that does not decode.
 */
export async function signInPageData(
  deps: { db: Database; config: Config; features: { hasOutbox: boolean; hasCardSandbox: boolean } },
  c: Context,
): Promise<string | undefined> {
  const segments = pathSegments(c.req.path);
  if (!segments) return undefined;
  const code = segments[1]?.trim().toLowerCase();
  return JSON.stringify({
    config: publicConfig(deps.config, deps.features, c),
    invite: code ? { code, inviter: (await findInviter(deps.db, code)) ?? null } : null,
    browser: { termsAccepted: hasCookie(c.req.header('Cookie'), BROWSER_COOKIES.termsAccepted) },
    method: signInMethodOf(c.req.query('method')),
  });
}
