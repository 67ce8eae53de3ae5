import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { InsufficientBalanceDialog } from './insufficient-balance-dialog';
import { TokenMenu } from './token-menu';
import { TopUpAddedNotice } from './top-up-added-notice';
import { TOP_UP_ADDED, topUpAddedFromState } from './top-up-intent';
import { INSUFFICIENT_BALANCE_FLAG, navigationState, TOKEN_MENU_FLAG } from './wallet-queries';

type WalletFlag = typeof TOKEN_MENU_FLAG | typeof INSUFFICIENT_BALANCE_FLAG | typeof TOP_UP_ADDED;

/**
 * The token purchase menu and the Insufficient Balance dialog, each open while its navigation-state flag is
 * on (product.md section 2). Closing one stays on the same route with its flag off, in place of the entry that
 * opened it (replaced, as openers do), so Back does not open it again.
 */
export function WalletOverlays() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = navigationState(location.state);
  const { pathname, search, hash } = location;

  const close = useCallback(
    (flag: WalletFlag) => navigate({ pathname, search, hash }, { replace: true, state: { ...state, [flag]: false } }),
    [navigate, pathname, search, hash, state],
  );
  const closeTokenMenu = useCallback(() => close(TOKEN_MENU_FLAG), [close]);
  const closeInsufficientBalance = useCallback(() => close(INSUFFICIENT_BALANCE_FLAG), [close]);
  const closeTopUpAdded = useCallback(() => close(TOP_UP_ADDED), [close]);

  return (
    <>
      <TokenMenu isOpen={Boolean(state[TOKEN_MENU_FLAG])} onClose={closeTokenMenu} />
      <InsufficientBalanceDialog
        isOpen={Boolean(state[INSUFFICIENT_BALANCE_FLAG])}
        state={state}
        onClose={closeInsufficientBalance}
      />
      <TopUpAddedNotice added={topUpAddedFromState(state)} onClose={closeTopUpAdded} />
    </>
  );
}
