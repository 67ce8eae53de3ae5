/**
 * The cookie that records, beside local storage (spec section 3), that this browser accepted the terms
 * dialog: the server reads it to render the sign-in screen with the dialog or without it (decision 043).
 */
export const TERMS_COOKIE = 'termsAccepted';

/** Whether a Cookie header (or `document.cookie`) holds the terms cookie. */
export function hasTermsCookie(cookies: string | null | undefined): boolean {
  return (cookies ?? '').split(';').some((pair) => pair.trim().startsWith(`${TERMS_COOKIE}=`));
}
