import type { Me } from '@sweetwish/shared/accounts';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { profileQueryKey } from '../components/profiles/profile-queries';
import { ME_QUERY_KEY } from '../lib/session';

export const testMe: Me = {
  id: 'user-1',
  handle: 'ann_maker',
  displayName: 'Ann Maker',
  photoUrl: null,
  phoneNumber: '+12025550123',
  email: null,
  isProfileComplete: true,
};

export const testProfile: PublicProfile = {
  id: 'user-1',
  handle: 'ann_maker',
  displayName: 'Ann Maker',
  description: null,
  photoUrl: null,
  photoHash: null,
  bannerUrl: null,
  bannerHash: null,
  links: [],
};

/**
 * Renders one screen at `path` as the signed-in `me` would see it, their profile already loaded (the
 * profile editor's loaders would have fetched it). Calls go to whatever fetch the test stubbed.
 */
export function renderSignedIn(
  Screen: ComponentType,
  { path = '/', me = testMe, profile = testProfile }: { path?: string; me?: Me; profile?: PublicProfile } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(ME_QUERY_KEY, me);
  if (me.handle) queryClient.setQueryData(profileQueryKey(me.handle), profile);
  const router = createMemoryRouter([{ path: '*', Component: Screen }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** The API's error body, as the server's error handler writes it. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return new Response(JSON.stringify({ error: { code, message, ...(fields ? { fields } : {}) } }), { status });
}
