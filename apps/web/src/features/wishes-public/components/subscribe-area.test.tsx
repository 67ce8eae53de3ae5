import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { type SentRequest, stubFetch } from '../../../test-support/stub-fetch';
import { SubscribeArea } from './subscribe-area';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const seller = { id: 'creator-1', handle: 'sweet_creator', displayName: 'Sweet Creator', photoUrl: null };
const wish = {
  id: 'w1',
  sellerId: seller.id,
  type: 'subscription' as const,
  name: 'Monthly sketch',
  cost: 25,
  image: null,
  blurhash: null,
  description: '',
  pinned: false,
  archived: false,
  purchased: false,
  allowRepeatPurchases: false,
  updatedAt: '2027-01-01T00:00:00.000Z',
  isGroupGift: false,
  groupGiftFundedCents: 0,
  allowTakeBack: true,
};
const subscription = {
  id: 's1',
  status: 'active',
  priceCents: 2500,
  wish: { id: 'w1', name: 'Monthly sketch', image: null },
  creator: seller,
  startedAt: '2027-01-31T12:00:00.000Z',
  paidUntil: '2027-02-28T12:00:00.000Z',
  nextChargeAt: '2027-02-28T12:00:00.000Z',
};
const wallet = (balanceCents: number) => ({
  balanceCents,
  boughtCents: balanceCents,
  availableCents: 0,
  pendingCents: 0,
  pending: [],
});

/** Where the page navigated with which state: the app shell opens the Insufficient Balance dialog from it. */
function StateProbe() {
  const location = useLocation();
  return <output aria-label="navigation state">{JSON.stringify(location.state ?? null)}</output>;
}

function renderArea(me: { id: string }, answer: (url: string, sent: SentRequest) => Response) {
  const calls = stubFetch(answer);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ME_QUERY_KEY, { ...me, handle: 'fan_one', displayName: 'Fan One' });
  const router = createMemoryRouter(
    [
      {
        path: '/x/:productId',
        element: (
          <>
            <SubscribeArea page={{ wish, seller }} />
            <StateProbe />
          </>
        ),
      },
    ],
    { initialEntries: ['/x/w1'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

const subscribeButton = () => screen.getByRole('button', { name: 'Subscribe' });
const posts = (calls: SentRequest[]) => calls.filter((c) => c.method === 'POST');

describe('Subscribe on a subscription wish', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("subscribes with the fan's message, charging the first month, then shows the next charge date", async () => {
    let isSubscribed = false;
    const calls = renderArea({ id: 'fan-1' }, (url, sent) => {
      if (url === '/api/subscriptions/wish/w1')
        return json({ mine: isSubscribed ? subscription : null, isTaken: false });
      if (url === '/api/wallet') return json(wallet(30_00));
      if (url === '/api/subscriptions' && sent.method === 'POST') {
        isSubscribed = true;
        return json(subscription, 201);
      }
      return json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404);
    });
    expect(screen.getByText('Only one person is allowed to subscribe to this wish at a time.')).toBeTruthy();
    await waitFor(() => expect(subscribeButton().hasAttribute('disabled')).toBe(false));
    // A message the server would refuse stops here, with the rule under the field.
    const message = await screen.findByRole('textbox', { name: 'Message (optional)' });
    fireEvent.change(message, { target: { value: 'tab\there' } });
    fireEvent.click(subscribeButton());
    expect(screen.getByText('A message cannot contain line breaks or control characters')).toBeTruthy();
    fireEvent.change(message, { target: { value: '  See you monthly  ' } });
    fireEvent.click(subscribeButton());
    // Nothing is charged before the sheet's terms are confirmed.
    const sheet = await screen.findByRole('dialog', { name: 'Confirm Subscription' });
    expect(within(sheet).getByLabelText('What moves').textContent).toBe(
      'You give25 tokens a monthSweet Creator receives20 tokens a month',
    );
    expect(sheet.textContent).toMatch(/charged from your wallet now, then every month\. Next charge: \w+ \d+, \d{4}\./);
    expect(sheet.textContent).toContain('Cancel any time in Subscriptions before then and nothing more is charged');
    expect(posts(calls)).toEqual([]);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Subscribe for 25 Tokens a Month' }));
    expect(await screen.findByText('Next charge: February 28, 2027')).toBeTruthy();
    // Once the sheet has closed.
    expect((await screen.findByRole('link', { name: 'Manage subscriptions' })).getAttribute('href')).toBe(
      '/subscriptions',
    );
    expect(posts(calls).map((c) => [c.url, JSON.parse(String(c.body))])).toEqual([
      ['/api/subscriptions', { wishId: 'w1', message: 'See you monthly' }],
    ]);
  });

  it('opens the Insufficient Balance dialog when the wallet holds less than a month, and charges nothing', async () => {
    const calls = renderArea({ id: 'fan-1' }, (url) => {
      if (url === '/api/subscriptions/wish/w1') return json({ mine: null, isTaken: false });
      if (url === '/api/wallet') return json(wallet(10_00));
      return json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404);
    });
    await waitFor(() => expect(subscribeButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(subscribeButton());
    await waitFor(() =>
      expect(JSON.parse(screen.getByLabelText('navigation state').textContent ?? 'null')).toEqual({
        'insufficient-balance-modal': true,
        productCost: 25,
        currentBalance: 10,
        tokensNeeded: 15,
        topUpIntent: { action: 'subscribe', tokens: 25, isAnonymous: false },
      }),
    );
    expect(posts(calls)).toEqual([]);
  });

  it('cannot be subscribed to while another fan holds a single-subscriber wish, nor by its creator', async () => {
    renderArea({ id: 'fan-2' }, (url) =>
      url === '/api/subscriptions/wish/w1'
        ? json({ mine: null, isTaken: true })
        : json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404),
    );
    expect(await screen.findByText(/Someone is already subscribed to this wish/)).toBeTruthy();
    expect(subscribeButton().hasAttribute('disabled')).toBe(true);
    cleanup();
    renderArea({ id: seller.id }, (url) =>
      url === '/api/subscriptions/wish/w1'
        ? json({ mine: null, isTaken: false })
        : json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(subscribeButton().hasAttribute('disabled')).toBe(true);
  });
});
