/**
 * Cookies that mirror what the web app records in local storage (product.md section 3), so that the server, which
 * cannot read local storage, renders a page as the app would for this browser (decision 043): the terms
 * dialog accepted, and the landing page visited before (its first-visit animation).
 */
export const BROWSER_COOKIES = { termsAccepted: 'termsAccepted', visited: 'visited' } as const;

export type BrowserCookie = (typeof BROWSER_COOKIES)[keyof typeof BROWSER_COOKIES];

/** Whether a Cookie header (or `document.cookie`) holds the cookie. */
export function hasCookie(cookies: string | null | undefined, name: BrowserCookie): boolean {
  return (cookies ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}
