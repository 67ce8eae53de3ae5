import type { WebhookEndpointInput, WebhookEndpointUpdate } from '@sweetwish/shared/webhooks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';

const ENDPOINTS_QUERY_KEY = ['webhooks', 'endpoints'] as const;
const attemptsKey = (id: string) => ['webhooks', 'attempts', id] as const;

/** The signed-in user's webhook endpoints (GET /api/webhooks/endpoints). */
export const endpointsOptions = queryOptions({
  queryKey: ENDPOINTS_QUERY_KEY,
  queryFn: () => ok(api.GET('/api/webhooks/endpoints')),
});

export function useEndpoints() {
  const { isSignedIn } = useMe();
  return useQuery({ ...endpointsOptions, enabled: isSignedIn });
}

/** One endpoint's delivery log, newest first, asked only while it is open. */
export function useAttempts(id: string, isOpen: boolean) {
  return useQuery({
    queryKey: attemptsKey(id),
    queryFn: () => ok(api.GET('/api/webhooks/endpoints/{id}/attempts', { params: { path: { id } } })),
    enabled: isOpen,
  });
}

/** The signing secret is fetched when the owner asks to see it, and never cached. */
export function revealSecret(id: string) {
  return ok(api.GET('/api/webhooks/endpoints/{id}/secret', { params: { path: { id } } }));
}

function useEndpointsMutation<V, R>(call: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export const useCreateEndpoint = () =>
  useEndpointsMutation((body: WebhookEndpointInput) => ok(api.POST('/api/webhooks/endpoints', { body })));

export const useUpdateEndpoint = () =>
  useEndpointsMutation(({ id, ...body }: WebhookEndpointUpdate & { id: string }) =>
    ok(api.PATCH('/api/webhooks/endpoints/{id}', { params: { path: { id } }, body })),
  );

export const useDeleteEndpoint = () =>
  useEndpointsMutation((id: string) => ok(api.DELETE('/api/webhooks/endpoints/{id}', { params: { path: { id } } })));

export const useRollSecret = () =>
  useEndpointsMutation((id: string) =>
    ok(api.POST('/api/webhooks/endpoints/{id}/secret/roll', { params: { path: { id } } })),
  );

export const useResend = () =>
  useEndpointsMutation(({ id, deliveryId }: { id: string; deliveryId: number }) =>
    ok(
      api.POST('/api/webhooks/endpoints/{id}/deliveries/{deliveryId}/resend', {
        params: { path: { id, deliveryId } },
      }),
    ),
  );

/** "Send test event" (POST /api/webhooks/endpoints/{id}/test): its delivery then shows in the log. */
export const useSendTestEvent = () =>
  useEndpointsMutation((id: string) => ok(api.POST('/api/webhooks/endpoints/{id}/test', { params: { path: { id } } })));
