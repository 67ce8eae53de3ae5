import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { CreateWishPage } from './create-wish';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderCreate(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator', isProfileComplete: true });
  const router = createMemoryRouter([{ path: '/create', Component: CreateWishPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const TEAPOT = {
  sourceUrl: 'https://ateliergruen.example/teekanne',
  name: 'Keramik-Teekanne Salbei',
  description: 'Handgedrehte Teekanne.',
  cost: null,
  storePrice: { amount: '89.90', currency: 'EUR' },
  image: null,
};

// Paste a product link (product.md section 2, decision 110): the form fills itself in; nothing is saved.
describe('Create Your Wish from a store link', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a shared link at once, fills the fields and shows a euro price beside an empty price', async () => {
    const calls = stubFetch((url) => (url === '/api/wish-imports' ? json(TEAPOT) : json({}, 404)));
    renderCreate(`/create?text=${encodeURIComponent('Schau mal: https://ateliergruen.example/teekanne')}`);
    await waitFor(() => expect(field(/Wish Name/).value).toBe('Keramik-Teekanne Salbei'));
    expect(calls.filter((call) => call.url === '/api/wish-imports').map((call) => call.body)).toEqual([
      JSON.stringify({ url: 'https://ateliergruen.example/teekanne' }),
    ]);
    expect(field(/Description/).value).toBe('Handgedrehte Teekanne.');
    expect(field(/Price/).value).toBe('');
    expect(screen.getByTestId('store-price').textContent).toContain('Store price: 89.90 EUR');
    expect(calls.some((call) => call.url === '/api/wishes')).toBe(false);
  });

  it('shows the server’s reason when a link cannot be read, and fills nothing', async () => {
    const reason = "This link can't be read: it points to a private or local address";
    stubFetch(() => json({ error: { code: 'VALIDATION', message: reason } }, 400));
    renderCreate('/create');
    fireEvent.input(field(/Paste a product link/), { target: { value: 'http://10.0.0.1/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill in' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(field(/Wish Name/).value).toBe('');
  });
});
