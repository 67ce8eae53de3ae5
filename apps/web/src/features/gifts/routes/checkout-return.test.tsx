import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutReturnPage } from './checkout-return';

describe('a purchase checkout return without a session id (/cs)', () => {
  afterEach(cleanup);

  it('says what went wrong and offers the ways on, not a dead end', () => {
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
});
