import type { CompleteProfileInput, EmailLinkVerifyInput, Inviter, Me } from '@sweetwish/shared/accounts';
import type { AuthClientError } from '../../../components/accounts/auth-client';
import { ApiError, api, ok } from '../../../lib/api-client';

// The auth client (better-auth, about 12 KB gzip) loads when a sign-in is first sent, not with the sign-in
// screen: the screen paints without it (decision 003). A failure to load it counts as a failed call (status 0).
const loadAuthClient = () => import('../../../components/accounts/auth-client').then((m) => m.authClient);

/** A failure whose message is meant for the user, shown as a toast (product.md section 8). */
export class SignInError extends Error {
  override name = 'SignInError';
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

/** What a failed sign-in step tells the user: its own message, or product.md's general one. */
export function signInFailureMessage(error: unknown): string {
  return error instanceof SignInError ? error.message : SIGN_IN_MESSAGES.general;
}

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

/** True when the server asks for a solved proof-of-work challenge before it sends (sign-in is busy). */
function needsChallenge(error: AuthClientError): boolean {
  const fields = (error as { error?: { fields?: Record<string, unknown> } }).error?.fields;
  return error.status === 429 && typeof fields?.altcha === 'string';
}

/**
 * Sends a code or link; when sign-in is busy and the server asks for a challenge first, solves it here,
 * without asking the user anything, and sends again with the solution. A challenge that cannot be
 * fetched or solved counts as a failed send (status 0).
 */
async function sendWithChallenge(path: string, body: Record<string, unknown>): Promise<AuthClientError | null> {
  const send = (altcha?: string) =>
    errorOf(
      loadAuthClient().then((client) =>
        client.$fetch(path, { method: 'POST', body: altcha ? { ...body, altcha } : body }),
      ),
    );
  const error = await send();
  if (!error || !needsChallenge(error)) return error;
  try {
    const { solveSignInChallenge } = await import('../lib/sign-in-challenge');
    return await send(await solveSignInChallenge());
  } catch {
    return { status: 0 };
  }
}

/** Sends a 6-digit code by SMS to a number in E.164 form. */
export async function sendPhoneCode(phoneNumber: string): Promise<void> {
  const error = await sendWithChallenge('/phone-number/send-otp', { phoneNumber });
  if (error) throw new SignInError(messageFor(error, SIGN_IN_MESSAGES.phoneSend));
}

/** Checks the code; signs in (creating the account the first time). */
export async function verifyPhoneCode(phoneNumber: string, code: string): Promise<void> {
  const error = await errorOf(loadAuthClient().then((client) => client.phoneNumber.verify({ phoneNumber, code })));
  if (error) throw new SignInError(error.status === 429 && error.message ? error.message : SIGN_IN_MESSAGES.code);
}

/**
 * The page an e-mail sign-in link opens: /email, or /email/{affiliate} to keep the invite, with the screen to
 * return to afterwards (the server keeps it only when it is a path inside this app).
 */
export function emailLinkCallback(affiliate: string | null | undefined, returnPath?: string): string {
  const page = affiliate ? `/email/${encodeURIComponent(affiliate)}` : '/email';
  return returnPath ? `${page}?return=${encodeURIComponent(returnPath)}` : page;
}

/** Sends a sign-in link to the address. */
export async function sendEmailLink(
  email: string,
  affiliate: string | null | undefined,
  returnPath?: string,
): Promise<void> {
  const callbackURL = emailLinkCallback(affiliate, returnPath);
  const error = await sendWithChallenge('/sign-in/magic-link', { email, callbackURL });
  if (error) throw new SignInError(error.status === 429 && error.message ? error.message : SIGN_IN_MESSAGES.general);
}

/**
 * Completes an e-mail link sign-in from this page: a POST, which the server accepts from the app's own
 * origin only (a page elsewhere cannot sign a visitor in with its own link). The server checks the token
 * (once, within 15 minutes) and the address, and sets the session cookie. A redirect counts as a failure.
 */
export async function verifyEmailLink(token: string, email: string): Promise<void> {
  const input: EmailLinkVerifyInput = { token, email };
  const res = await fetch('/api/auth/magic-link/verify', {
    method: 'POST',
    credentials: 'same-origin',
    redirect: 'manual',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  }).catch(() => undefined);
  if (!res?.ok) throw new SignInError(SIGN_IN_MESSAGES.emailLink);
}

/**
 * Whether an e-mail link can still sign in (not used, not expired, not made up), asked before the address.
 * When the server cannot be asked, the link is taken as valid: completing it tells the truth anyway.
 */
export async function checkEmailLink(token: string): Promise<boolean> {
  const res = await fetch('/api/auth/magic-link/check', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  }).catch(() => undefined);
  if (!res?.ok) return true;
  const body = (await res.json().catch(() => null)) as { isValid?: unknown } | null;
  return body?.isValid !== false;
}

/**
 * Signs in to the preview account (for store review) with the address only; the server holds its password.
 * Like the e-mail link above, a sign-in endpoint outside the OpenAPI document (decision 025): it answers
 * with better-auth's response, and only its status matters here.
 */
export async function previewSignIn(email: string): Promise<void> {
  const res = await fetch('/api/preview-sign-in', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  }).catch(() => undefined);
  if (!res?.ok) throw new SignInError(SIGN_IN_MESSAGES.preview);
}

export type SocialProvider = 'google' | 'apple';

/** Leaves for the provider's sign-in page; the provider sends the user back to /home. */
/**
 * Leaves for Google or Apple. The way back keeps the `return` path: /complete-profile asks a new user for
 * a handle and sends a complete profile straight on to `return` (or /home). A cancel or failure there
 * comes back to this sign-in screen with `error` (components/accounts/provider-error.ts words it).
 */
export async function socialSignIn(
  provider: SocialProvider,
  where: { returnPath: string | undefined; signInPath: string },
): Promise<void> {
  const query = where.returnPath ? `?return=${encodeURIComponent(where.returnPath)}` : '';
  const error = await errorOf(
    loadAuthClient().then((client) =>
      client.signIn.social({
        provider,
        callbackURL: `/complete-profile${query}`,
        errorCallbackURL: `${where.signInPath}${query}`,
      }),
    ),
  );
  if (error) throw new SignInError(SIGN_IN_MESSAGES.general);
}

/** The user an invite code belongs to, or null when it belongs to nobody. Codes are compared trimmed and lowercased. */
/** The inviter's query: the key is the code as the server compares it (the server fills it on /join/{code}). */
export const inviterQueryKey = (code: string) => ['inviter', code.trim().toLowerCase()];

export async function fetchInviter(code: string): Promise<Inviter | null> {
  try {
    return await ok(api.GET('/api/affiliates/{code}', { params: { path: { code: code.trim().toLowerCase() } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Saves handle and display name (and the invite that brought the user in). Fails with the ApiError: a
 * taken handle carries its message on the `handle` field.
 */
export function completeProfile(input: CompleteProfileInput): Promise<Me> {
  return ok(api.POST('/api/profile/complete', { body: input }));
}
