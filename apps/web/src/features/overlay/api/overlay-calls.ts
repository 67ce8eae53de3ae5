import type { OverlaySettings, StartGoalInput, UpdateOverlaySettingsInput } from '@sweetwish/shared/overlay';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const OVERLAY_SETTINGS_KEY = ['overlay-settings'] as const;

/** The creator's overlay settings, secret included (GET /api/overlay/settings; owner only). */
export const overlaySettingsOptions = queryOptions({
  queryKey: OVERLAY_SETTINGS_KEY,
  queryFn: () => ok(api.GET('/api/overlay/settings')),
});

export function useOverlaySettings() {
  return useQuery(overlaySettingsOptions);
}

/** Every overlay write answers the settings as they now are; the screen shows them. */
function useOverlayWrite<I>(write: (input: I) => Promise<OverlaySettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (settings) => queryClient.setQueryData(OVERLAY_SETTINGS_KEY, settings),
  });
}

export function useUpdateOverlaySettings() {
  return useOverlayWrite((change: UpdateOverlaySettingsInput) =>
    ok(api.PATCH('/api/overlay/settings', { body: change })),
  );
}

export function useStartGoal() {
  return useOverlayWrite((goal: StartGoalInput) => ok(api.POST('/api/overlay/goal', { body: goal })));
}

export function useStopGoal() {
  return useOverlayWrite((_: undefined) => ok(api.DELETE('/api/overlay/goal')));
}

export function useRegenerateOverlayUrl() {
  return useOverlayWrite((_: undefined) => ok(api.POST('/api/overlay/secret')));
}

export function sendTestAlert(): Promise<undefined> {
  return ok(api.POST('/api/overlay/test-alert'));
}
