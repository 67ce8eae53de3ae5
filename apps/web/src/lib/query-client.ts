import { QueryClient } from '@tanstack/react-query';

/** A cache of server state (TanStack Query) with the app's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again; a network blip or a 5xx may.
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The browser's one cache for the whole visit. The server renders each page with a client of its own. */
export const queryClient = createQueryClient();

function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
