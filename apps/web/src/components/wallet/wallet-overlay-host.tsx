import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { TOP_UP_ADDED } from './top-up-intent';
import { INSUFFICIENT_BALANCE_FLAG, navigationState, TOKEN_MENU_FLAG } from './wallet-queries';

// The overlays' code (MUI's Drawer and Dialog, the packages and prices) loads the first time a screen
// asks for one, never with the page (decision 003).
const WalletOverlays = lazy(() => import('./wallet-overlays').then((m) => ({ default: m.WalletOverlays })));

/**
 * Where the wallet overlays live, in the app shell: any screen opens the token purchase menu or the
 * Insufficient Balance dialog by navigating to itself with the flag in the navigation state.
 */
export function WalletOverlayHost() {
  const state = navigationState(useLocation().state);
  const isAsked = Boolean(state[TOKEN_MENU_FLAG] || state[INSUFFICIENT_BALANCE_FLAG] || state[TOP_UP_ADDED]);
  // Once loaded it stays mounted, so an overlay can animate out when its flag goes off.
  const [hasLoaded, setHasLoaded] = useState(isAsked);
  if (isAsked && !hasLoaded) setHasLoaded(true);
  return hasLoaded ? (
    <Suspense>
      <WalletOverlays />
    </Suspense>
  ) : null;
}
