import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYOUT_ACCOUNT_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WALLET_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
} from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { pagedListOptions } from '../../../lib/paged-list';
import { useMe } from '../../../lib/session';

/** getStripeAccountStatus (GET /api/payouts/account): the payout account, null before onboarding. */
export const payoutAccountOptions = queryOptions({
  queryKey: PAYOUT_ACCOUNT_QUERY_KEY,
  queryFn: () => ok(api.GET('/api/payouts/account')),
  retry: false,
});

export function usePayoutAccount() {
  const { isSignedIn } = useMe();
  return useQuery({ ...payoutAccountOptions, enabled: isSignedIn });
}

/**
 * createStripeOnboardingLink: the browser goes to the card provider's onboarding, which brings it back to
 * this page. The promise resolves only if the redirect does not happen.
 */
export async function startOnboarding(location: string): Promise<void> {
  const { url } = await ok(api.POST('/api/payouts/onboarding-link', { body: { location } }));
  window.location.assign(url);
}

/** The signed-in user's withdrawals, newest first, page by page (GET /api/payouts/withdrawals), kept current live. */
export const withdrawalsOptions = pagedListOptions(WITHDRAWALS_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/payouts/withdrawals', { params: { query: { cursor } } })),
);

export function useWithdrawals() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...withdrawalsOptions, enabled: isSignedIn });
}

/** makeStripeWithdrawal (POST /api/payouts/withdrawals), in whole tokens; a retry is the same withdrawal. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (amount: number) =>
      ok(
        api.POST('/api/payouts/withdrawals', {
          params: { header: { 'idempotency-key': idempotencyKey.for({ amount }) } },
          body: { amount },
        }),
      ),
    onSuccess: () => idempotencyKey.settle(),
    onError: (error) => idempotencyKey.settle(error),
    onSettled: () =>
      Promise.all(
        [WALLET_QUERY_KEY, WITHDRAWALS_QUERY_KEY, STATEMENT_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

const STATEMENT_PAGE_SIZE = 25;

/** The earnings statement, page by page, newest first (GET /api/wallet/statement). */
export function useStatement() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({
    queryKey: STATEMENT_QUERY_KEY,
    queryFn: ({ pageParam }) =>
      ok(
        api.GET('/api/wallet/statement', {
          params: { query: { limit: STATEMENT_PAGE_SIZE, before: pageParam || undefined } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: isSignedIn,
  });
}

/** Where the CSV export of a range of days is downloaded from. */
export function statementCsvUrl(from: string, to: string): string {
  return `/api/wallet/statement.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}
