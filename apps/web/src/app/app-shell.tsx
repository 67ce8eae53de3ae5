import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { WalletOverlayHost } from '../components/wallet/wallet-overlay-host';
import { queryClient } from '../lib/query-client';
import { ServerQueryClientContext } from '../lib/server-state';
import { useLiveEvents } from './live-events';

/**
 * The layer around every app screen (all but the landing, marketing and legal pages): the server-state
 * cache. It is a lazy route of its own, loaded alongside the first app screen, so the query library stays
 * out of the landing page's first load (decision 003's budget). The client is one for the whole visit,
 * so cached answers survive leaving and re-entering the app's screens; on the server, each render has its
 * own. It also keeps the signed-in user's data live and hosts the wallet overlays that any screen opens
 * through navigation state.
 */
export function AppShell() {
  return (
    <QueryClientProvider client={useContext(ServerQueryClientContext) ?? queryClient}>
      <Outlet />
      <LiveEvents />
      <WalletOverlayHost />
    </QueryClientProvider>
  );
}

/** The signed-in user's live updates (architecture.md section 6): queries refetch when the server says they changed. */
function LiveEvents() {
  useLiveEvents();
  return null;
}

/**
 * Fills the query cache with what the server rendered a page with (decision 052), so that hydration draws
 * the server's markup and asks the server for nothing. Here, in the module every app screen loads with, so
 * that hydrating a page costs no file of its own.
 */
export function fillQueryCache(queries: DehydratedState) {
  // The server may have drawn the page a while ago (it keeps a rendering while its data is unchanged), but its
  // data is the server's as of this page load: as fresh as an answer just received.
  const now = Date.now();
  hydrate(queryClient, {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
}
