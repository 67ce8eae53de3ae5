import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { launchConfetti } from '../../../lib/confetti';
import { safeReturnPath } from '../../../lib/return-path';
import { refreshMe } from '../../../lib/session';
import { sleep } from '../../../lib/sleep';
import { removeStored, STORAGE_KEYS } from '../../../lib/storage';
import { SIGN_IN_MESSAGES, SignInError } from '../api/auth-calls';

/** Waits after a sign-in before moving on (product.md section 9): longer when the profile still needs finishing. */
export const AFTER_SIGN_IN_DELAY_MS = { complete: 1000, incomplete: 2000 } as const;

/**
 * What follows every successful sign-in (product.md section 4, Sign-in flow): confetti, then the stored profile.
 * Without a handle or display name: 2 s, then /complete-profile (keeping `return`). Otherwise: 1 s, then
 * the `return` query parameter if present, else /home.
 */
export function useFinishSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('return'));

  return useCallback(async () => {
    launchConfetti();
    const me = await refreshMe().catch(() => null);
    if (!me) throw new SignInError(SIGN_IN_MESSAGES.general);
    // A log-out's flag is cleared by the landing page when the app runs on it; a server-rendered landing page
    // (decision 043) may never have run it. Signed in again, nobody is logging out.
    removeStored(STORAGE_KEYS.loggingOut);
    if (!me.isProfileComplete) {
      await sleep(AFTER_SIGN_IN_DELAY_MS.incomplete);
      const query = returnPath ? `?return=${encodeURIComponent(returnPath)}` : '';
      navigate(`/complete-profile${query}`, { replace: true });
      return;
    }
    await sleep(AFTER_SIGN_IN_DELAY_MS.complete);
    navigate(returnPath ?? '/home', { replace: true });
  }, [navigate, returnPath]);
}
