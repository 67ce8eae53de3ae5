import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useMe } from '../../../lib/session';

export const mySubscriptionsOptions = queryOptions({
  queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'mine'] as const,
  queryFn: () => ok(api.GET('/api/subscriptions')),
});

export const mySubscribersOptions = queryOptions({
  queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'subscribers'] as const,
  queryFn: () => ok(api.GET('/api/subscribers')),
});

export function useMySubscriptions() {
  const { isSignedIn } = useMe();
  return useQuery({ ...mySubscriptionsOptions, enabled: isSignedIn });
}

export function useMySubscribers() {
  const { isSignedIn } = useMe();
  return useQuery({ ...mySubscribersOptions, enabled: isSignedIn });
}

/** Cancels one of the fan's subscriptions (a retry with the same key answers the same), then reads them again. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useCallback(
    async (id: string) => {
      const result = await ok(
        api.POST('/api/subscriptions/{id}/cancel', {
          params: { path: { id }, header: { 'idempotency-key': idempotencyKey.for({ cancel: id }) } },
        }),
      ).catch((error: unknown) => {
        idempotencyKey.settle(error);
        throw error;
      });
      idempotencyKey.settle();
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
      return result;
    },
    [queryClient, idempotencyKey],
  );
}
