import type { GiftMessageSettings, UpdateGiftMessageSettingsInput } from '@sweetwish/shared/gift-messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WALL_QUERY_KEY } from '../../../components/profiles/wall-query-key';
import { api, ok } from '../../../lib/api-client';

const GIFT_MESSAGE_SETTINGS_KEY = ['gift-message-settings'] as const;

/** The creator's choices about fans' messages (GET /api/gift-messages/settings; owner only; decision 100). */
export const giftMessageSettingsOptions = queryOptions({
  queryKey: GIFT_MESSAGE_SETTINGS_KEY,
  queryFn: () => ok(api.GET('/api/gift-messages/settings')),
});

export function useGiftMessageSettings() {
  return useQuery(giftMessageSettingsOptions);
}

function useGiftMessageWrite<I>(write: (input: I) => Promise<GiftMessageSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (settings) => {
      queryClient.setQueryData(GIFT_MESSAGE_SETTINGS_KEY, settings);
      // The wall on the creator's page may have been turned on or off.
      void queryClient.invalidateQueries({ queryKey: WALL_QUERY_KEY });
    },
  });
}

export function useUpdateGiftMessageSettings() {
  return useGiftMessageWrite((change: UpdateGiftMessageSettingsInput) =>
    ok(api.PATCH('/api/gift-messages/settings', { body: change })),
  );
}

export function useRegenerateControlUrl() {
  return useGiftMessageWrite((_: undefined) => ok(api.POST('/api/gift-messages/control-secret')));
}
