import { CONTROL_CHARACTER } from './control-character';

const MAX_RETURN_PATH_LENGTH = 2_000;

/**
 * Whether a `return` address (after sign-in, or a provider's callback) is a path inside this app: not another
 * origin ("//host", "/\host", a URL), no control characters. The web app and the server both check it, so a
 * crafted link cannot send a freshly signed-in user elsewhere.
 */
export function isAppPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_RETURN_PATH_LENGTH &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !CONTROL_CHARACTER.test(value)
  );
}
