import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { $ZodConfig } from 'zod/v4/core';
import { AppRoot } from './app/app-root';
import { loadMatchedRoutes } from './app/matched-routes';
import { createRouter } from './app/router';
import { routes } from './app/routes';
import { APP_READY_EVENT, renderWithBrowserRecord, SERVER_STATE_ID, type ServerState } from './app/server-state';

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

const app = (router: ReturnType<typeof createRouter>): ReactNode => (
  <AppRoot withNotifications={!isOverlay}>
    <RouterProvider router={router} />
  </AppRoot>
);

// A page the server rendered (decision 042) is taken over as it is: this runs on the visitor's first
// interaction (public/app-boot.js), which is then carried out.
const serverState = document.getElementById(SERVER_STATE_ID);
if (serverState) {
  const state = JSON.parse(serverState.textContent ?? '') as ServerState;
  void Promise.all([
    // The landing page uses no query: the query cache's code can wait for the first screen that does.
    state.queries.queries.length > 0 && import('./app/app-shell').then((m) => m.fillQueryCache(state.queries)),
    loadMatchedRoutes(routes, window.location.pathname),
  ]).then(() => {
    // The router starts with the screens' loader data, so it does not run their loaders over the server's data.
    // The first render draws what the server drew from the browser's records (server-state.ts).
    renderWithBrowserRecord(state.browser, () =>
      hydrateRoot(root, app(createRouter({ loaderData: state.loaderData }))),
    );
    // Text typed before the take-over is in its field but not in the app's state. The app reads it now, before
    // anything draws the field again from its state (which would empty it); hydration is synchronous.
    for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    setTimeout(() => window.dispatchEvent(new Event(APP_READY_EVENT)));
  });
} else {
  createRoot(root).render(app(createRouter()));
}

// The installable app's service worker and its update prompt load once the page has (decision 026).
if (import.meta.env.PROD && 'serviceWorker' in navigator && !isOverlay) {
  const start = () => void import('./app/app-update').then((m) => m.startAppUpdates());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
