import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { CheckoutReturnPage } from './checkout-return';
import { PurchaseSuccessError, PurchaseSuccessPage } from './purchase-success';

const seller = { id: 'creator-1', handle: 'sweet_creator', displayName: 'Sweet Creator', photoUrl: null };
const purchase = {
  id: 'p1',
  type: 'standard',
  costCents: 3000,
  createdAt: '2025-11-22T10:00:00.000Z',
  isAnonymous: false,
  seller,
  product: { id: 'w1', name: 'Vintage Telescope', image: null },
  conversationId: null,
};

/** Where the message button leads, standing in for the conversation screen. */
function ConversationStandIn() {
  return <h1>Conversation</h1>;
}

/** The app's /success, /cs and /stripe/cs at `entry`, for a signed-in fan; the API answers with `answer`. */
function renderAt(
  entry: string | { pathname: string; state: unknown },
  answer: (url: string, sent: SentRequest) => Response,
) {
  stubFetch(answer);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ME_QUERY_KEY, { id: 'fan-1', handle: 'fan_one', displayName: 'Fan One' });
  const router = createMemoryRouter(
    [
      { path: '/success', Component: PurchaseSuccessPage, ErrorBoundary: PurchaseSuccessError },
      { path: '/cs', Component: CheckoutReturnPage },
      { path: '/stripe/cs', Component: CheckoutReturnPage },
      { path: '/conversations/:conversationId', Component: ConversationStandIn },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const notFound = () => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);

describe('purchase success', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fails with "Purchase does not exist." without a purchase id in navigation state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/success', notFound);
    expect(await screen.findByRole('heading', { name: 'Purchase does not exist.' })).toBeTruthy();
  });

  it('shows the seller, "Purchase Successful" and the wish, and "No Thanks" leads to the seller', async () => {
    renderAt({ pathname: '/success', state: { purchaseId: 'p1' } }, (url) =>
      url === '/api/purchases/p1' ? json(purchase) : notFound(),
    );
    expect(await screen.findByRole('heading', { name: 'Purchase Successful' })).toBeTruthy();
    expect(screen.getByText('Sweet Creator')).toBeTruthy();
    expect(screen.getByText('@sweet_creator')).toBeTruthy();
    expect(screen.getByText('Vintage Telescope')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'No Thanks' }).getAttribute('href')).toBe('/sweet_creator');
  });

  it('hides the picture for a tip', async () => {
    renderAt({ pathname: '/success', state: { purchaseId: 'p1' } }, () =>
      json({ ...purchase, type: 'tip', product: null }),
    );
    expect(await screen.findByRole('heading', { name: 'Purchase Successful' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /no picture/ })).toBeNull();
    expect(screen.getByText('Tip of $30')).toBeTruthy();
  });

  it('says "Something went wrong." when the purchase is not the viewer\'s', async () => {
    renderAt({ pathname: '/success', state: { purchaseId: 'p9' } }, notFound);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
  });
});

describe('the message button on /success', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    for (const n of currentNotifications()) dismiss(n.id);
  });

  it('"Send a Message" creates the conversation as the buyer, then opens it', async () => {
    const created: unknown[] = [];
    const router = renderAt({ pathname: '/success', state: { purchaseId: 'p1' } }, (url, init) => {
      if (url === '/api/purchases/p1') return json(purchase);
      if (url === '/api/conversations' && init?.method === 'POST') {
        created.push(JSON.parse(String(init.body)));
        return json({ conversationId: 'c7' });
      }
      return notFound();
    });
    (await screen.findByRole('button', { name: 'Send a Message' })).click();
    await screen.findByRole('heading', { name: 'Conversation' });
    expect(router.state.location.pathname).toBe('/conversations/c7');
    expect(created).toEqual([{ type: 'purchase', purchaseId: 'p1' }]);
  });

  it('"Join Conversation" opens the one the purchase has, without creating another', async () => {
    const posts: string[] = [];
    const router = renderAt({ pathname: '/success', state: { purchaseId: 'p1' } }, (url, init) => {
      if (init?.method === 'POST') posts.push(url);
      return url === '/api/purchases/p1' ? json({ ...purchase, conversationId: 'c3' }) : notFound();
    });
    (await screen.findByRole('button', { name: 'Join Conversation' })).click();
    await screen.findByRole('heading', { name: 'Conversation' });
    expect(router.state.location.pathname).toBe('/conversations/c3');
    expect(posts).toEqual([]);
  });

  it('says "Failed to create conversation" when it cannot be created, and stays', async () => {
    const router = renderAt({ pathname: '/success', state: { purchaseId: 'p1' } }, (url) =>
      url === '/api/purchases/p1' ? json(purchase) : json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    );
    (await screen.findByRole('button', { name: 'Send a Message' })).click();
    await vi.waitFor(
      () => expect(currentNotifications().map((n) => n.message)).toEqual(['Failed to create conversation']),
      { timeout: 5_000 },
    );
    expect(router.state.location.pathname).toBe('/success');
  });
});

describe('the checkout returns', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(['/cs', '/stripe/cs'])('%s goes on to /success with the session id, replacing itself', async (path) => {
    const router = renderAt(`${path}?session_id=cs_123`, (url) =>
      url === '/api/purchases/cs_123' ? json(purchase) : notFound(),
    );
    expect(await screen.findByRole('heading', { name: 'Purchase Successful' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/success');
    expect(router.state.location.state).toEqual({ purchaseId: 'cs_123' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/cs', '/stripe/cs'])('%s without a session id says "Something went wrong."', async (path) => {
    renderAt(path, notFound);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
  });
});
