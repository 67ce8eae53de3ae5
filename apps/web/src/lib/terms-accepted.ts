import { hasTermsCookie, TERMS_COOKIE } from '@sweetwish/shared/terms-cookie';
import { queryOptions } from '@tanstack/react-query';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** As long as browsers keep a cookie (Chrome caps it at 400 days). */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Whether this browser accepted the terms. The server renders the sign-in screen with what it read from the
 * cookie, and puts it in the query cache the app takes the page over with (entry-server.tsx); the app
 * otherwise reads it here. Local storage is the spec's record; the cookie is what the server can see.
 */
export const termsAcceptedOptions = queryOptions({
  queryKey: ['terms-accepted'],
  queryFn: acceptedInThisBrowser,
  initialData: acceptedInThisBrowser,
  staleTime: Number.POSITIVE_INFINITY,
});

function acceptedInThisBrowser(): boolean {
  return readStored(STORAGE_KEYS.termsAccepted) !== null || hasTermsCookie(readCookies());
}

/** Whether the terms were accepted in local storage only (before the cookie existed): the server saw no cookie. */
export function acceptedBeforeTheCookie(): boolean {
  return readStored(STORAGE_KEYS.termsAccepted) !== null && !hasTermsCookie(readCookies());
}

/** Records acceptance: local storage (spec section 4) and the cookie. */
export function recordTermsAccepted(): void {
  if (readStored(STORAGE_KEYS.termsAccepted) === null) {
    writeStored(STORAGE_KEYS.termsAccepted, new Date().toISOString());
  }
  writeCookie(`${TERMS_COOKIE}=1; Max-Age=${COOKIE_MAX_AGE_S}`);
}

/** Log out clears what this browser recorded (spec section 4), the cookie with local storage. */
export function forgetTermsAccepted(): void {
  writeCookie(`${TERMS_COOKIE}=; Max-Age=0`);
}

function readCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

function writeCookie(value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and value; the Cookie Store API is not in every browser the app supports
  document.cookie = `${value}; Path=/; SameSite=Lax${secure}`;
}
