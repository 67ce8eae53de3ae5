import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { $ZodConfig } from 'zod/v4/core';
import { router } from './app/router';
import { theme } from './app/theme';
import { Notifications } from './components/notifications';

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

createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      {!isOverlay && <Notifications />}
    </ThemeProvider>
  </StrictMode>,
);

// The installable app's service worker and its update prompt load once the page has (decision 026).
if (import.meta.env.PROD && 'serviceWorker' in navigator && !isOverlay) {
  const start = () => void import('./app/app-update').then((m) => m.startAppUpdates());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
