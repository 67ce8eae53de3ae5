import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { SubscriptionsPage } from './subscriptions';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const creator = { id: 'creator-1', handle: 'sweet_creator', displayName: 'Sweet Creator', photoUrl: null };
const active = {
  id: 's1',
  status: 'active',
  priceCents: 2500,
  wish: { id: 'w1', name: 'Monthly sketch', image: null },
  creator,
  startedAt: '2027-01-31T12:00:00.000Z',
  paidUntil: '2027-03-31T12:00:00.000Z',
  nextChargeAt: '2027-03-31T12:00:00.000Z',
};

function renderPage(answer: (url: string, sent: SentRequest) => Response) {
  const calls = stubFetch(answer);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ME_QUERY_KEY, { id: 'fan-1', handle: 'fan_one', displayName: 'Fan One' });
  const router = createMemoryRouter([{ path: '/subscriptions', Component: SubscriptionsPage }], {
    initialEntries: ['/subscriptions'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('Subscriptions', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the fan’s subscriptions with their next charge, and cancels one to the end of the paid month', async () => {
    let current = active;
    const calls = renderPage((url, sent) => {
      if (url === '/api/subscriptions') return json({ items: [current] });
      if (url === '/api/subscribers') return json({ items: [], monthlyTotalCents: 0 });
      if (url === '/api/subscriptions/s1/cancel' && sent.method === 'POST') {
        current = { ...active, status: 'canceled', nextChargeAt: null as unknown as string };
        return json(current);
      }
      return json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404);
    });
    const list = await screen.findByRole('list', { name: 'My Subscriptions' });
    expect(within(list).getByText('Sweet Creator · Next charge: March 31, 2027')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Monthly sketch · $25 / month' })).toBeTruthy();
    // Someone without subscribers sees no subscribers section.
    expect(screen.queryByRole('heading', { name: 'My Subscribers' })).toBeNull();

    fireEvent.click(within(list).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stays yours until March 31, 2027/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Sweet Creator · Canceled: runs until March 31, 2027')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/subscriptions/s1/cancel']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull());
  });

  it('shows a creator their subscribers and the monthly total', async () => {
    renderPage((url) => {
      if (url === '/api/subscriptions') return json({ items: [] });
      if (url === '/api/subscribers') {
        return json({
          monthlyTotalCents: 7500,
          items: [
            {
              id: 's2',
              status: 'active',
              priceCents: 2500,
              wish: { id: 'w1', name: 'Monthly sketch' },
              fan: { id: 'fan-9', handle: 'fan_nine', displayName: 'Fan Nine', photoUrl: null },
              startedAt: '2027-01-10T00:00:00.000Z',
              nextChargeAt: '2027-02-10T00:00:00.000Z',
            },
          ],
        });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404);
    });
    expect(await screen.findByText('Monthly total: $75')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'My Subscribers' });
    expect(within(list).getByText('Fan Nine')).toBeTruthy();
    expect(within(list).getByText('Monthly sketch · $25 / month · Next charge: February 10, 2027')).toBeTruthy();
    expect(screen.getByText('You have no subscriptions.')).toBeTruthy();
  });
});
