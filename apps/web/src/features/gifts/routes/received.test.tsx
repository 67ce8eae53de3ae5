import type { ReceivedItem } from '@sweetwish/shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { ReceivedPage } from './received';

const month = (id: string, isRenewal: boolean, buyer: ReceivedItem['buyer'] = null): ReceivedItem => ({
  id,
  type: 'standard',
  costCents: 2000,
  createdAt: '2026-11-22T10:00:00.000Z',
  isSeen: true,
  buyer,
  product: { id: 'w1', name: 'Monthly Sketch', image: null },
  conversationId: null,
  message: null,
  feesCents: 400,
  netCents: 1600,
  reversedCents: 0,
  isRenewal,
  isGroupGift: false,
});

class NoObserver {
  observe() {}
  disconnect() {}
}

const FAN = { id: 'u2', handle: 'fan_one', displayName: 'Fan One', photoUrl: null };

/** The received list as the server answers `items`: its links, one per row. */
async function renderRows(items: ReceivedItem[]) {
  vi.stubGlobal('IntersectionObserver', NoObserver);
  stubFetch((url) =>
    url === '/api/received'
      ? new Response(JSON.stringify({ items, nextCursor: null }))
      : new Response('{}', { status: 404 }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator' });
  const router = createMemoryRouter([{ path: '/received', Component: ReceivedPage }], {
    initialEntries: ['/received'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const list = await screen.findByRole('list', { name: 'Received Gifts' });
  return within(list).getAllByRole('link');
}

describe('the received list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("marks a subscription's later months as renewals", async () => {
    const [renewal, first] = await renderRows([month('m2', true), month('m1', false)]);
    expect(renewal?.textContent).toContain('Renewal · Nov 22nd');
    expect(first?.textContent).not.toContain('Renewal');
  });

  it('names the fan who gave each gift, or says Anonymous', async () => {
    const [named, anonymous] = await renderRows([month('m2', false, FAN), month('m1', false)]);
    expect(named?.textContent).toContain('From Fan One · Nov 22nd');
    expect(anonymous?.textContent).toContain('From Anonymous · Nov 22nd');
  });
});
