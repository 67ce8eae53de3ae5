import type { Wish } from '@sweetwish/shared/wishes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { EditWishPage } from './edit-wish';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const wish: Wish = {
  id: 'w1',
  sellerId: 'u1',
  type: 'standard',
  name: 'Camera',
  cost: 1200,
  image: null,
  blurhash: null,
  description: 'A camera',
  pinned: false,
  archived: false,
  purchased: false,
  allowRepeatPurchases: true,
  isGroupGift: false,
  groupGiftFundedCents: 0,
  allowTakeBack: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderEdit(product: Wish = wish) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator', isProfileComplete: true });
  const router = createMemoryRouter([{ path: '/edit', Component: EditWishPage }], {
    initialEntries: [{ pathname: '/edit', state: { product } }],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.input(field(name), { target: { value } });
const update = () => screen.getByRole('button', { name: 'Update' });

describe('Edit Wish', () => {
  beforeEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a group gift's type as fixed and sends only the take-back setting when it changes", async () => {
    const calls = stubFetch((url) =>
      url === '/api/wishes/w1'
        ? json({ ...wish, isGroupGift: true, allowTakeBack: false })
        : json({ id: 'u1', handle: 'creator', displayName: 'Creator', isProfileComplete: true }),
    );
    renderEdit({ ...wish, isGroupGift: true, allowRepeatPurchases: false });
    expect(screen.getByText('Wish Type: Group Gift')).toBeTruthy();
    expect(screen.getByText('The wish type cannot be changed after the wish is created.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow Take-Backs' }));
    expect(screen.getByText(/Contributions stay in until the wish is fully funded/)).toBeTruthy();
    await waitFor(() => expect(update().hasAttribute('disabled')).toBe(false));
    fireEvent.click(update());
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ allowTakeBack: false });
  });

  it('shows the shared price rule as one types, and the server’s cost problem on the Price field', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch((url) =>
      url === '/api/wishes/w1'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404),
    );
    renderEdit();
    expect(field(/Price/)).toHaveProperty('value', '1,200');
    type(/Price/, '0');
    expect(await screen.findByText('Price must be at least $20')).toBeTruthy();
    await waitFor(() => expect(update().hasAttribute('disabled')).toBe(true));
    type(/Price/, '1,500');
    await waitFor(() => expect(update().hasAttribute('disabled')).toBe(false));
    fireEvent.click(update());
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(update().hasAttribute('disabled')).toBe(true);
    expect(JSON.parse(String(calls.find((call) => call.method === 'PATCH')?.body))).toEqual({ cost: 1500 });
    answer(
      json({ error: { code: 'VALIDATION', message: 'cost: Not this price', fields: { cost: 'Not this price' } } }, 400),
    );
    expect(await screen.findByText('Not this price')).toBeTruthy();
    expect(field(/Price/).getAttribute('aria-invalid')).toBe('true');
    expect(currentNotifications()).toHaveLength(0);
  });

  it("gives a subscription wish the subscription's repeat text, and says what the creator receives for the price", async () => {
    stubFetch(() => json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404));
    renderEdit({ ...wish, type: 'subscription', cost: 25, allowRepeatPurchases: true });
    expect(await screen.findByText('Multiple people can subscribe to this item at the same time.')).toBeTruthy();
    expect(screen.queryByText('This wish can be granted over and over!')).toBeNull();
    expect(screen.getByText('You receive $20 a month (80% after fees) for each subscriber.')).toBeTruthy();
    type(/Price/, '1,000');
    expect(await screen.findByText('You receive $800 a month (80% after fees) for each subscriber.')).toBeTruthy();
  });

  it('says "Failed to update product..." for any other failure', async () => {
    stubFetch(() => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    renderEdit();
    type(/Wish Name/, 'Lens');
    await waitFor(() => expect(update().hasAttribute('disabled')).toBe(false));
    fireEvent.click(update());
    await waitFor(() => expect(currentNotifications().map((n) => n.message)).toEqual(['Failed to update product...']));
  });
});
