import { BROWSER_COOKIES, type BrowserCookie, hasCookie } from '@sweetwish/shared/browser-cookies';

/** As long as browsers keep a cookie (Chrome caps it at 400 days). */
const MAX_AGE_S = 400 * 24 * 60 * 60;

/** Whether this browser holds the cookie (never on the server, which reads the request's instead). */
export function hasBrowserCookie(name: BrowserCookie): boolean {
  return typeof document !== 'undefined' && hasCookie(document.cookie, name);
}

export function setBrowserCookie(name: BrowserCookie): void {
  writeCookie(`${name}=1; Max-Age=${MAX_AGE_S}`);
}

/** Log out clears what this browser recorded (product.md section 4): the cookies go with local storage. */
export function forgetBrowserCookies(): void {
  for (const name of Object.values(BROWSER_COOKIES)) writeCookie(`${name}=; Max-Age=0`);
}

function writeCookie(value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: fixed names and values; the Cookie Store API is not in every browser the app supports
  document.cookie = `${value}; Path=/; SameSite=Lax${secure}`;
}
