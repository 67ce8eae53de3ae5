import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/notification-store';

/** Ours (product.md has no text for it): the user stopped at Google's or Apple's page. */
export const CANCELLED_SIGN_IN_MESSAGE = 'Sign-in was cancelled. Choose a way to sign in to try again.';
/** product.md's text for e-mail, Google or Apple sign-in failures. */
const SIGN_IN_FAILED_MESSAGE = 'There was a problem signing in.';

/** Google says `access_denied` and Apple `user_cancelled_authorize` when the user cancels. */
const CANCELLED = new Set(['access_denied', 'user_cancelled_authorize']);

/** The message for the `error` a Google or Apple sign-in came back with, or undefined without one. */
export function providerErrorMessage(error: string | null): string | undefined {
  if (!error) return undefined;
  return CANCELLED.has(error) ? CANCELLED_SIGN_IN_MESSAGE : SIGN_IN_FAILED_MESSAGE;
}

/**
 * Google or Apple sent the user back with `error` (cancelled, failed, or an account that belongs to
 * someone else): say so once, and drop it from the address so a reload does not say it again.
 */
export function useProviderError() {
  const [searchParams, setSearchParams] = useSearchParams();
  const message = providerErrorMessage(searchParams.get('error'));
  const shown = useRef(false);
  useEffect(() => {
    if (!message || shown.current) return;
    shown.current = true;
    notify(message, { placement: 'toast' });
    setSearchParams(
      (params) => {
        params.delete('error');
        params.delete('error_description');
        return params;
      },
      { replace: true },
    );
  }, [message, setSearchParams]);
}
