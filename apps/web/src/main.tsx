import { type ReactNode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { $ZodConfig } from 'zod/v4/core';
import { AppRoot } from './app/app-root';
import { loadMatchedRoutes } from './app/matched-routes';
import { createRouter } from './app/router';
import { routes } from './app/routes';
import { SERVER_STATE_ID, type ServerState } from './lib/server-state';

// zod checks once whether it may compile validators with `new Function`; the page's Content-Security-Policy
// forbids eval, so the check itself is reported as a violation (Lighthouse's best practices, DevTools' Issues).
// The browser validates forms only: interpreted validators are fast enough, and nothing probes for eval.
// zod reads this global when it loads (its documented way to configure it before loading; zod itself loads
// later, with the screens that validate): importing its `config` here put 4 KB of zod into every page's entry.
(globalThis as { __zod_globalConfig?: Partial<$ZodConfig> }).__zod_globalConfig = { jitless: true };

// The stream overlay runs inside OBS: no toasts, no install or update prompts there (decision 031).
const isOverlay = window.location.pathname.startsWith('/overlay/');
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (router: ReturnType<typeof createRouter>, state?: ServerState): ReactNode => (
  <AppRoot withNotifications={!isOverlay} browserRecord={state?.browser}>
    <RouterProvider router={router} />
    <MarkHydrated />
  </AppRoot>
);

/** Says on <html data-hydrated> that React runs the page: tools and tests can tell a page drawn from a live one. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

// The server renders every page but the overlay: the pages people land on whole (this code then runs on the
// visitor's first interaction: public/app-boot.js), the others as the screen placeholder (decision 052). The
// router starts with the server's data, so the screens the server drew run no loader over it, and React
// hydrates the markup as it is.
const serverState = document.getElementById(SERVER_STATE_ID);
if (serverState) {
  const state = JSON.parse(serverState.textContent ?? '') as ServerState;
  void Promise.all([
    // The landing page uses no query: the query cache's code can wait for the first screen that does.
    state.queries && import('./app/app-shell').then((m) => state.queries && m.fillQueryCache(state.queries)),
    // A screen the server drew hydrates with its code, not with the router's fallback.
    state.isScreenDrawn && loadMatchedRoutes(routes, window.location.pathname),
  ]).then(() => hydrateRoot(root, app(createRouter(state.hydration), state), { onRecoverableError }));
} else {
  createRoot(root).render(app(createRouter()));
}

/**
 * A page whose markup React could not hydrate is drawn again in the browser: it works, but the server's work
 * was lost and the page may have flickered. That is a defect of ours, for the server's log.
 */
function onRecoverableError(error: unknown) {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  console.error('Hydration failed:', cause);
  void import('./lib/report-error').then((m) => m.reportError(cause));
}

// The installable app's service worker and its update prompt load once the page has (decision 026).
if (import.meta.env.PROD && 'serviceWorker' in navigator && !isOverlay) {
  const start = () => void import('./app/app-update').then((m) => m.startAppUpdates());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
