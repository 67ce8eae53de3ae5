import { isReservedHandle } from '@sweetwish/shared/handle';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** The app's screens: the children of the pathless route that loads the app shell. */
function appScreens(list: RouteObject[]): RouteObject[] {
  for (const route of list) {
    if (route.children?.some((child) => child.path === 'home')) return route.children;
    const found = route.children ? appScreens(route.children) : [];
    if (found.length > 0) return found;
  }
  return [];
}

describe('routes', () => {
  it('give every app screen a loader from its lazy module, so its data starts with its code (decision 025)', async () => {
    const screens = appScreens(routes);
    expect(screens.length).toBeGreaterThan(30);
    const withoutLoader: string[] = [];
    for (const screen of screens) {
      const lazy = screen.lazy as () => Promise<Partial<RouteObject>>;
      const module = await lazy();
      if (typeof module.loader !== 'function') withoutLoader.push(screen.path ?? '(index)');
    }
    expect(withoutLoader).toEqual([]);
  }, 60_000);

  it('reserve the first segment of every screen as a handle, so no profile at /{handle} hides a screen', () => {
    const segments = appScreens(routes)
      .map((screen) => screen.path?.split('/')[0] ?? '')
      .filter((segment) => segment !== '' && !segment.startsWith(':'));
    expect(segments).toEqual(expect.arrayContaining(['inbox', 'insights', 'settings', 'suspended']));
    expect(segments.filter((segment) => !isReservedHandle(segment))).toEqual([]);
  });
});
