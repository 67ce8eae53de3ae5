import type { Settings, UpdateSettingsInput } from '@sweetwish/shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';

const SETTINGS_QUERY_KEY = ['settings'] as const;

/** The signed-in user's settings (GET /api/settings). */
export const settingsOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: () => ok(api.GET('/api/settings')),
});

export function useSettings() {
  const { isSignedIn } = useMe();
  return useQuery({ ...settingsOptions, enabled: isSignedIn });
}

/**
 * Changes some settings (PATCH /api/settings). The switch moves at once; a refusal puts it back (the
 * caller says so).
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateSettingsInput) => ok(api.PATCH('/api/settings', { body: change })),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_QUERY_KEY });
      const before = queryClient.getQueryData<Settings>(SETTINGS_QUERY_KEY);
      if (before) queryClient.setQueryData<Settings>(SETTINGS_QUERY_KEY, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(SETTINGS_QUERY_KEY, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_QUERY_KEY, settings),
  });
}

/** Ends every session of the user, this one included (POST /api/account/sign-out-everywhere). */
export function signOutEverywhere(): Promise<undefined> {
  return ok(api.POST('/api/account/sign-out-everywhere'));
}

/**
 * Deletes the account (POST /api/account/delete, confirmed on screen). Refused (409) while the wallet holds
 * money or a withdrawal is under way, with the server's reason; `forfeitCents` gives up a remainder that
 * cannot be withdrawn, once the user confirmed that amount (decision 017).
 */
export function deleteAccount(forfeitCents?: number): Promise<undefined> {
  return ok(api.POST('/api/account/delete', { body: { isConfirmed: true, forfeitCents } }));
}
