import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api, ok } from '../../lib/api-client';
import { useMe } from '../../lib/session';

export const WALLET_QUERY_KEY = ['wallet'] as const;
export const ACTIVITY_QUERY_KEY = ['activity'] as const;
export const PURCHASES_QUERY_KEY = ['purchases'] as const;
export const RECEIVED_QUERY_KEY = ['received'] as const;
/** Under the purchases' key: a charge or a cancel announces `purchases`, and these are read again with them. */
export const SUBSCRIPTIONS_QUERY_KEY = [...PURCHASES_QUERY_KEY, 'subscriptions'] as const;
export const WITHDRAWALS_QUERY_KEY = ['withdrawals'] as const;
export const PAYOUT_ACCOUNT_QUERY_KEY = ['payout-account'] as const;
export const STATEMENT_QUERY_KEY = ['statement'] as const;

/**
 * The signed-in user's balance (GET /api/wallet), kept current by the live events stream. `data` is
 * undefined while loading and for visitors.
 */
export const walletOptions = queryOptions({ queryKey: WALLET_QUERY_KEY, queryFn: () => ok(api.GET('/api/wallet')) });

export function useWallet() {
  const { isSignedIn } = useMe();
  return useQuery({ ...walletOptions, enabled: isSignedIn });
}

/** Whether the signed-in user has purchases or received items, and how many received ones are unseen. */
export const activityOptions = queryOptions({
  queryKey: ACTIVITY_QUERY_KEY,
  queryFn: () => ok(api.GET('/api/activity')),
});

export function useActivity() {
  const { isSignedIn } = useMe();
  return useQuery({ ...activityOptions, enabled: isSignedIn });
}

/**
 * Navigation-state flags that open the wallet overlays from any screen (product.md section 2): the token
 * purchase menu, and the Insufficient Balance dialog with its data.
 */
export const TOKEN_MENU_FLAG = 'isTokenMenuOpen';
export const INSUFFICIENT_BALANCE_FLAG = 'insufficient-balance-modal';

/** The Insufficient Balance dialog's data, all in tokens (1 token = US$1). */
export type InsufficientBalanceState = {
  [INSUFFICIENT_BALANCE_FLAG]: true;
  productCost: number;
  currentBalance: number;
  tokensNeeded: number;
};

/** A screen's navigation state as an object: it may hold anything another screen put there, or nothing. */
export function navigationState(state: unknown): Record<string, unknown> {
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

/**
 * Opens the token purchase menu over the current screen. Like closing it, this replaces the history entry,
 * so the screen does not appear twice in the history.
 */
export function useOpenTokenMenu(): () => void {
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  return () =>
    navigate(
      { pathname, search, hash },
      { replace: true, state: { ...navigationState(state), [TOKEN_MENU_FLAG]: true } },
    );
}
