import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * The layer around every app screen (all but the landing, marketing and legal pages): the server-state
 * cache. It is a lazy route of its own, loaded alongside the first app screen, so the query library stays
 * out of the landing page's first load (decision 003's budget). The client is one for the whole visit,
 * so cached answers survive leaving and re-entering the app's screens.
 */
export function AppShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
