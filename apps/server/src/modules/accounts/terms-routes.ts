import { OpenAPIHono } from '@hono/zod-openapi';
import { BROWSER_COOKIES } from '@sweetwish/shared/browser-cookies';
import { isAppPath } from '@sweetwish/shared/return-path';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/validation-hook';

import { acceptTerms } from './terms-contract';

/** As long as browsers keep a cookie (Chrome caps it at 400 days), as the web app writes it. */
const MAX_AGE_S = 400 * 24 * 60 * 60;
/** Where the visitor goes when the page they came from cannot be told. */
const SIGN_IN_PATH = '/sign-in';

/** The page of this site the form was posted from (its Referer), or undefined for any other. */
function pageOfThisSite(referer: string | undefined, origin: string): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  const url = new URL(referer);
  const path = `${url.pathname}${url.search}`;
  return url.origin === origin && isAppPath(path) ? path : undefined;
}

/**
 * The sign-in page's terms dialog is drawn by the server and works before the app has hydrated it (decision
 * 052): its Accept is a form that posts here. This records what the app records in this browser's cookie
 * (packages/shared/src/browser-cookies.ts), not HttpOnly, as the app writes it; the app adds local storage's
 * record when it runs. Nothing is stored on the server. The visitor goes back to the page the form was on,
 * query included (`?return=`), which its Referer tells; a page of another site is never a destination.
 */
export function termsRoutes({ publicOrigin, isSecure }: { publicOrigin: string; isSecure: boolean }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(acceptTerms, (c) => {
    const secure = isSecure ? '; Secure' : '';
    c.header('Set-Cookie', `${BROWSER_COOKIES.termsAccepted}=1; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure}`);
    return c.redirect(pageOfThisSite(c.req.header('Referer'), publicOrigin) ?? SIGN_IN_PATH, 303);
  });
}
