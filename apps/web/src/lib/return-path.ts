import { isAppPath } from '@sweetwish/shared/return-path';

/**
 * The `return` query parameter when it is a path inside this app; anything else (another origin,
 * "//host", "javascript:") is ignored so a crafted link cannot send a freshly signed-in user elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  return isAppPath(value) ? value : undefined;
}

/** The sign-in address that brings the visitor back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return `/sign-in?return=${encodeURIComponent(path)}`;
}
