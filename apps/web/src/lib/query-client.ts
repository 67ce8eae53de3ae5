import { QueryClient } from '@tanstack/react-query';

/** The app's one cache of server state (TanStack Query). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change by asking again; a network blip or a 5xx may.
      retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      refetchOnWindowFocus: false,
    },
  },
});

function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
