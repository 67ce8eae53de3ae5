import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { intentFromSearch, type PaidAction, searchWithoutIntent, type TopUpIntent } from './top-up-intent';
import { navigationState } from './wallet-queries';

/** The navigation-state key under which a screen finds the intent it picked up (the amount to prefill). */
export const RESUMED_INTENT = 'resumedIntent';

/**
 * Picks up an intent carried back in the address ("?resume=tip&amount=25", after a top-up or a sign-in) for
 * `action`: the address loses it (history replaced, so Back and a reload do not pay twice) and the navigation
 * state gets `open(intent)` (the dialog's flag) and the intent itself. `isReady` holds it until the screen can
 * open its dialog (signed in, data loaded).
 */
export function useResumeIntent(
  action: PaidAction,
  isReady: boolean,
  open: (intent: TopUpIntent) => Record<string, unknown>,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const intent = intentFromSearch(location.search);
  const isMine = intent?.action === action;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an intent for this screen appears in the address
  useEffect(() => {
    if (!intent || !isMine || !isReady) return;
    navigate(
      { pathname: location.pathname, search: searchWithoutIntent(location.search), hash: location.hash },
      { replace: true, state: { ...navigationState(location.state), ...open(intent), [RESUMED_INTENT]: intent } },
    );
  }, [isMine, isReady, location.search]);
}

/** The intent a screen picked up for `action`, if any: what its dialog starts from. */
export function resumedIntent(state: unknown, action: PaidAction): TopUpIntent | null {
  const value = navigationState(navigationState(state)[RESUMED_INTENT]);
  return value.action === action ? (value as TopUpIntent) : null;
}
