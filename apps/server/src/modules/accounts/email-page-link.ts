import { isAppPath } from '@sweetwish/shared/return-path';

/** The e-mail link goes to the app's /email page (product.md section 2), which completes the sign-in. */
const EMAIL_PAGE = /^\/email(\/[A-Za-z0-9_]{1,64})?$/;

/**
 * The address a sign-in e-mail links to, from the callback the sign-in screen asked for: always the app's
 * /email page (with the invite code), keeping a `return` path only when it is a path inside this app, so the
 * fan comes back to the screen they left and a crafted callback cannot send them to another site.
 */
export function emailPageLink(callback: string | null, publicUrl: string | URL): URL {
  const asked = new URL(callback ?? '/email', 'http://callback.invalid');
  const isSameSite = asked.origin === 'http://callback.invalid';
  const link = new URL(isSameSite && EMAIL_PAGE.test(asked.pathname) ? asked.pathname : '/email', publicUrl);
  const returnPath = isSameSite ? asked.searchParams.get('return') : null;
  if (isAppPath(returnPath)) link.searchParams.set('return', returnPath);
  return link;
}
