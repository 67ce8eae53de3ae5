import { BROWSER_COOKIES } from '@sweetwish/shared/browser-cookies';
import { hasBrowserCookie, setBrowserCookie } from '../../../lib/cookies';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/** Whether this browser accepted the terms: local storage is product.md's record, the cookie what the server sees. */
export function acceptedInThisBrowser(): boolean {
  return readStored(STORAGE_KEYS.termsAccepted) !== null || hasBrowserCookie(BROWSER_COOKIES.termsAccepted);
}

/** Whether the terms were accepted in local storage only (before the cookie existed): the server saw no cookie. */
export function acceptedBeforeTheCookie(): boolean {
  return readStored(STORAGE_KEYS.termsAccepted) !== null && !hasBrowserCookie(BROWSER_COOKIES.termsAccepted);
}

/** Records acceptance: local storage (product.md section 4) and the cookie. */
export function recordTermsAccepted(): void {
  if (readStored(STORAGE_KEYS.termsAccepted) === null) {
    writeStored(STORAGE_KEYS.termsAccepted, new Date().toISOString());
  }
  setBrowserCookie(BROWSER_COOKIES.termsAccepted);
}
