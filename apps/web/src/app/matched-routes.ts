import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the routes an address matches, in place, as the router would on its own: a page the
 * server rendered must be rendered by the browser with that code at once, not with nothing while it loads
 * (React Router's way to hydrate lazy routes). The server does the same before it renders.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
