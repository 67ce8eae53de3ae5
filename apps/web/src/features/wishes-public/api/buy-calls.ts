import type { BuyInput } from '@sweetwish/shared/wallet';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sellerWishListsQueryKey } from '../../../components/profiles/profile-queries';
import {
  ACTIVITY_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  WALLET_QUERY_KEY,
  walletOptions,
} from '../../../components/wallet/wallet-queries';
import { api, ok } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { wishQueryKey } from './wish-calls';

/** The balance as it is now (product.md section 4, Buy flow: "the current balance is fetched"), in cents. */
export async function fetchBalanceCents(queryClient: QueryClient): Promise<number> {
  const wallet = await queryClient.fetchQuery({ ...walletOptions, staleTime: 0 });
  return wallet.balanceCents;
}

/**
 * buyProduct (POST /api/purchases), with one Idempotency-Key per purchase so a retry cannot buy twice;
 * afterwards the wallet, the purchases and the wish are read again.
 */
export function useBuyWish() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useCallback(
    async (input: BuyInput) => {
      const result = await ok(
        api.POST('/api/purchases', {
          params: { header: { 'idempotency-key': idempotencyKey.for(input) } },
          body: input,
        }),
      ).catch((error: unknown) => {
        idempotencyKey.settle(error);
        throw error;
      });
      idempotencyKey.settle();
      // The seller's wishlists show the wish as purchased.
      const changed = [WALLET_QUERY_KEY, PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY, wishQueryKey(input.productId)];
      for (const queryKey of [...changed, sellerWishListsQueryKey(input.sellerId)])
        void queryClient.invalidateQueries({ queryKey });
      return result;
    },
    [queryClient, idempotencyKey],
  );
}
