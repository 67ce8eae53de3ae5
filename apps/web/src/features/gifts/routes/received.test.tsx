import type { ReceivedItem } from '@sweetwish/shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { ReceivedPage } from './received';

const month = (id: string, isRenewal: boolean): ReceivedItem => ({
  id,
  type: 'standard',
  costCents: 2000,
  createdAt: '2026-11-22T10:00:00.000Z',
  isSeen: true,
  buyer: null,
  product: { id: 'w1', name: 'Monthly Sketch', image: null },
  conversationId: null,
  message: null,
  feesCents: 400,
  netCents: 1600,
  reversedCents: 0,
  isRenewal,
});

class NoObserver {
  observe() {}
  disconnect() {}
}

describe('the received list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("marks a subscription's later months as renewals", async () => {
    vi.stubGlobal('IntersectionObserver', NoObserver);
    stubFetch((url) =>
      url === '/api/received'
        ? new Response(JSON.stringify({ items: [month('m2', true), month('m1', false)], nextCursor: null }))
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
    const [renewal, first] = within(list).getAllByRole('link');
    expect(renewal?.textContent).toContain('Renewal · Nov 22nd');
    expect(first?.textContent).not.toContain('Renewal');
  });
});
