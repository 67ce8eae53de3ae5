import type { TipInput } from '@sweetwish/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_QUERY_KEY, PURCHASES_QUERY_KEY, WALLET_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * sendTip (POST /api/tips): the whole amount leaves the wallet, or nothing does. A retry of the same tip
 * carries the same Idempotency-Key, so it is sent once.
 */
export function useSendTip() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: TipInput) =>
      ok(api.POST('/api/tips', { params: { header: { 'idempotency-key': idempotencyKey.for(input) } }, body: input })),
    onError: (error) => idempotencyKey.settle(error),
    onSuccess: () => {
      idempotencyKey.settle();
      return Promise.all(
        [WALLET_QUERY_KEY, PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
