import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { CheckoutReturnPage } from './checkout-return';

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

describe('a purchase checkout return (/cs)', () => {
  afterEach(cleanup);

  it('without a session id, says what went wrong and offers the ways on, not a dead end', () => {
    const router = createMemoryRouter([{ path: '/cs', Component: CheckoutReturnPage }], { initialEntries: ['/cs'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    expect(
      screen.getByText('This link does not name a purchase. If you paid, it appears in your purchases shortly.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Purchases' }).getAttribute('href')).toBe('/purchases');
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/home');
  });

  it('sends a signed-out visitor to sign in and back to this return, so the purchase is not lost', async () => {
    const client = new QueryClient();
    client.setQueryData(ME_QUERY_KEY, null);
    const router = createMemoryRouter(
      [
        { path: '/cs', Component: CheckoutReturnPage },
        { path: '/success', Component: Where },
        { path: '/sign-in', Component: Where },
      ],
      { initialEntries: ['/cs?session_id=cs_test_1'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // Before: straight to /success, whose sign-in lost the purchase id it had in navigation state.
    expect(
      await screen.findByText(
        `at /sign-in?return=${encodeURIComponent('/cs?session_id=cs_test_1')}`,
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
  });
});
