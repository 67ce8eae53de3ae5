import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { BROWSER_COOKIES } from '@sweetwish/shared/browser-cookies';
import { isAppPath } from '@sweetwish/shared/return-path';
import type { AppEnv } from '../../http/context';
import { errorResponse } from '../../http/openapi-responses';
import { validationHook } from '../../http/validation-hook';

/** As long as browsers keep a cookie (Chrome caps it at 400 days), as the web app writes it. */
const MAX_AGE_S = 400 * 24 * 60 * 60;

const AcceptTermsForm = z.object({
  return: z.string().refine(isAppPath, 'Not a page of this site'),
});

const acceptTerms = createRoute({
  method: 'post',
  path: '/terms-accepted',
  summary: 'Accept the terms from the sign-in page before the app has started (a plain form), then back to the page',
  request: {
    body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: AcceptTermsForm } } },
  },
  responses: {
    303: { description: 'The terms are accepted in this browser: back to the page it was asked from' },
    400: errorResponse('The page to go back to is not one of this site'),
    429: errorResponse('Too many requests from this address'),
  },
});

/**
 * The sign-in page's terms dialog is drawn by the server and works before the app has hydrated it (decision
 * 052): its Accept is a form that posts here. This records what the app records in this browser's cookie
 * (packages/shared/src/browser-cookies.ts), not HttpOnly, as the app writes it; the app adds local storage's
 * record when it runs. Nothing is stored on the server.
 */
export function termsRoutes({ isSecure }: { isSecure: boolean }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(acceptTerms, (c) => {
    const { return: back } = c.req.valid('form');
    const secure = isSecure ? '; Secure' : '';
    c.header('Set-Cookie', `${BROWSER_COOKIES.termsAccepted}=1; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure}`);
    return c.redirect(back, 303);
  });
}
