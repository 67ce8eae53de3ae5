/**
 * The `return` query parameter when it is a path inside this app; anything else (another origin,
 * "//host", "javascript:") is ignored so a crafted link cannot send a freshly signed-in user elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** The sign-in address that brings the visitor back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return `/sign-in?return=${encodeURIComponent(path)}`;
}
