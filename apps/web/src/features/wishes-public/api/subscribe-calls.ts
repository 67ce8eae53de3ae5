import type { SubscribeInput } from '@sweetwish/shared/subscriptions';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ACTIVITY_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  SUBSCRIPTIONS_QUERY_KEY,
  WALLET_QUERY_KEY,
} from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';

/** The viewer's subscription to a wish and whether a single-subscriber wish is taken (signed in only). */
export function wishSubscriptionOptions(wishId: string) {
  return queryOptions({
    queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'wish', wishId] as const,
    queryFn: () => ok(api.GET('/api/subscriptions/wish/{id}', { params: { path: { id: wishId } } })),
  });
}

/**
 * POST /api/subscriptions, with one Idempotency-Key per subscribe so a retry cannot subscribe (and charge)
 * twice; afterwards the wallet, the purchases and the subscriptions are read again.
 */
export function useSubscribe() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useCallback(
    async (input: SubscribeInput) => {
      const result = await ok(
        api.POST('/api/subscriptions', {
          params: { header: { 'idempotency-key': idempotencyKey.for(input) } },
          body: input,
        }),
      ).catch((error: unknown) => {
        idempotencyKey.settle(error);
        throw error;
      });
      idempotencyKey.settle();
      for (const queryKey of [WALLET_QUERY_KEY, PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY])
        void queryClient.invalidateQueries({ queryKey });
      return result;
    },
    [queryClient, idempotencyKey],
  );
}
