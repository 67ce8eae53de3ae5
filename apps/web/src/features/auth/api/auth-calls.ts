import type { Inviter, Me } from '@sweetwish/shared/accounts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { type AuthClientError, authClient } from '../../../lib/auth-client';

/** A failure whose message is meant for the user, shown as a toast (spec section 8). */
export class SignInError extends Error {
  override name = 'SignInError';
}

/** The handle was taken by someone else between the check and the save. */
export class HandleTakenError extends SignInError {
  override name = 'HandleTakenError';
}

export const SIGN_IN_MESSAGES = {
  phoneSend: 'Error confirming phone number',
  invalidPhone: 'Invalid phone number',
  code: 'Error validating code',
  general: 'There was a problem signing in.',
  preview: 'There was a problem with the preview account.',
  emailLink: 'Error signing in with email link',
  updateUser: 'Error updating user',
} as const;

/**
 * The message to show for an auth-client error: a refused send (429, a limit the user hit) and other
 * answers the server words for people carry their own message; server failures get `fallback`.
 */
function messageFor(error: AuthClientError, fallback: string): string {
  if (error.status === 429 && error.message) return error.message;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}

/**
 * The error of an auth-client call (which answers `{ data, error }`), or null. The client spreads the
 * error body into `error`: better-auth's own answers carry `message`, the app's `{ error: { message } }`
 * (the send limits). A network failure counts as status 0.
 */
async function errorOf(call: Promise<{ error: AuthClientError | null }>): Promise<AuthClientError | null> {
  try {
    const { error } = await call;
    if (!error) return null;
    const nested = (error as { error?: { message?: unknown } }).error?.message;
    return { ...error, message: error.message || (typeof nested === 'string' ? nested : undefined) };
  } catch {
    return { status: 0 };
  }
}

/** Sends a 6-digit code by SMS to a number in E.164 form. */
export async function sendPhoneCode(phoneNumber: string): Promise<void> {
  const error = await errorOf(authClient.phoneNumber.sendOtp({ phoneNumber }));
  if (error) throw new SignInError(messageFor(error, SIGN_IN_MESSAGES.phoneSend));
}

/** Checks the code; signs in (creating the account the first time). */
export async function verifyPhoneCode(phoneNumber: string, code: string): Promise<void> {
  const error = await errorOf(authClient.phoneNumber.verify({ phoneNumber, code }));
  if (error) throw new SignInError(error.status === 429 && error.message ? error.message : SIGN_IN_MESSAGES.code);
}

/** The page an e-mail sign-in link opens: /email, or /email/{affiliate} to keep the invite. */
export function emailLinkCallback(affiliate: string | null | undefined): string {
  return affiliate ? `/email/${encodeURIComponent(affiliate)}` : '/email';
}

/** Sends a sign-in link to the address. */
export async function sendEmailLink(email: string, affiliate: string | null | undefined): Promise<void> {
  const error = await errorOf(authClient.signIn.magicLink({ email, callbackURL: emailLinkCallback(affiliate) }));
  if (error) throw new SignInError(error.status === 429 && error.message ? error.message : SIGN_IN_MESSAGES.general);
}

/**
 * Completes an e-mail link sign-in: the server checks the token (once, within 15 minutes) and sets the
 * session cookie. A redirect counts as a failure: it is how the auth library reports a bad token.
 */
export async function verifyEmailLink(token: string, email: string): Promise<void> {
  const query = new URLSearchParams({ token, email });
  const res = await fetch(`/api/auth/magic-link/verify?${query}`, {
    credentials: 'same-origin',
    redirect: 'manual',
    headers: { Accept: 'application/json' },
  }).catch(() => undefined);
  if (!res?.ok) throw new SignInError(SIGN_IN_MESSAGES.emailLink);
}

/** Signs in to the preview account (for store review) with the address only; the server holds its password. */
export async function previewSignIn(email: string): Promise<void> {
  try {
    await apiRequest('POST', '/preview-sign-in', { body: { email } });
  } catch {
    throw new SignInError(SIGN_IN_MESSAGES.preview);
  }
}

export type SocialProvider = 'google' | 'apple';

/** Leaves for the provider's sign-in page; the provider sends the user back to /home. */
export async function socialSignIn(provider: SocialProvider): Promise<void> {
  const error = await errorOf(authClient.signIn.social({ provider, callbackURL: '/home' }));
  if (error) throw new SignInError(SIGN_IN_MESSAGES.general);
}

/** The user an invite code belongs to, or null when it belongs to nobody. Codes are compared trimmed and lowercased. */
export async function fetchInviter(code: string): Promise<Inviter | null> {
  try {
    return await apiRequest<Inviter>('GET', `/affiliates/${encodeURIComponent(code.trim().toLowerCase())}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Saves handle and display name (and the invite that brought the user in); a taken handle fails with its message. */
export async function completeProfile(input: {
  handle: string;
  displayName: string;
  affiliate?: string | undefined;
}): Promise<Me> {
  try {
    return await apiRequest<Me>('POST', '/profile/complete', { body: input });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new HandleTakenError(error.message);
    throw new SignInError(SIGN_IN_MESSAGES.updateUser);
  }
}
