import { lazy, Suspense } from 'react';

// Error screens load only when something fails, keeping them out of every page's first load.
const RouteErrorScreenLazy = lazy(() => import('./route-error-screen').then((m) => ({ default: m.RouteErrorScreen })));
const RouterFallbackLazy = lazy(() => import('./router-fallback').then((m) => ({ default: m.RouterFallback })));

export function RouteErrorBoundary() {
  return (
    <Suspense>
      <RouteErrorScreenLazy />
    </Suspense>
  );
}

export function RouterFallbackBoundary() {
  return (
    <Suspense>
      <RouterFallbackLazy />
    </Suspense>
  );
}
