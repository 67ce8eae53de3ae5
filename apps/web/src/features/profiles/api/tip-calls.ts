import type { TipInput, TipResult } from '@sweetwish/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ACTIVITY_QUERY_KEY, PURCHASES_QUERY_KEY, WALLET_QUERY_KEY } from '../../../lib/wallet';

/** sendTip (POST /api/tips): the whole amount leaves the wallet, or nothing does. */
export function useSendTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TipInput) => apiRequest<TipResult>('POST', '/tips', { body: input }),
    onSuccess: () =>
      Promise.all(
        [WALLET_QUERY_KEY, PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
