import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '../lib/session';
import { MenuButton } from './menu-button';
import { ACTIVITY_QUERY_KEY } from './wallet/wallet-queries';

function renderWith(activity: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'sweet_fan', displayName: 'Sweet Fan' });
  client.setQueryData(ACTIVITY_QUERY_KEY, activity);
  const router = createMemoryRouter([{ path: '/', Component: MenuButton }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const activity = { hasPurchases: true, hasReceived: true, hasConversations: true };

describe('the menu button', () => {
  afterEach(cleanup);

  it('counts unseen conversations and unseen received gifts together', () => {
    renderWith({ ...activity, unseenReceived: 1, unseenConversations: 2 });
    expect(screen.getByRole('button', { name: 'Menu, 3 unseen' })).toBeTruthy();
  });

  it('counts conversations alone too', () => {
    renderWith({ ...activity, unseenReceived: 0, unseenConversations: 1 });
    expect(screen.getByRole('button', { name: 'Menu, 1 unseen' })).toBeTruthy();
  });

  it('is plain "Menu" when nothing is unseen', () => {
    renderWith({ ...activity, unseenReceived: 0, unseenConversations: 0 });
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });
});
