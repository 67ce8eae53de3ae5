import type { Wish } from '@sweetwish/shared/wishes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-support/stub-fetch';
import { WishlistSection } from './wishlist-section';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const wish = (name: string, archived: boolean): Wish => ({
  id: name,
  sellerId: 'u1',
  type: 'standard',
  name,
  cost: 50,
  image: null,
  blurhash: null,
  description: '',
  pinned: false,
  archived,
  purchased: false,
  allowRepeatPurchases: true,
  isGroupGift: false,
  groupGiftFundedCents: 0,
  allowTakeBack: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** Stands in for IntersectionObserver: the test says when the list's end comes into view. */
const observers: FakeObserver[] = [];
class FakeObserver {
  isConnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    this.isConnected = true;
    observers.push(this);
  }
  disconnect() {
    this.isConnected = false;
  }
  scrollIntoView() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('the wishlist section', () => {
  afterEach(() => {
    cleanup();
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it("shows the owner's archived wishes page by page as the list's end scrolls into view", async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const calls = stubFetch((url) => {
      if (url === '/api/users/u1/wishes') return json([wish('Camera', false)]);
      if (url === '/api/users/u1/archived-wishes') return json({ items: [wish('Old Lamp', true)], nextCursor: 'c2' });
      if (url === '/api/users/u1/archived-wishes?cursor=c2') {
        return json({ items: [wish('Old Radio', true)], nextCursor: null });
      }
      return new Response('{}', { status: 404 });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WishlistSection userId="u1" isOwner />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Camera')).toBeTruthy();
    // The public list is whole: nothing asks for the archived pages until the owner filters for them.
    expect(calls.map((call) => call.url)).toEqual(['/api/users/u1/wishes']);

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Show Archived Items' }));
    expect(await screen.findByText('Old Lamp')).toBeTruthy();
    expect(screen.queryByText('Camera')).toBeNull();
    expect(screen.queryByText('Old Radio')).toBeNull();

    await screen.findByLabelText('Loading more archived items');
    // The observer is set up in an effect, which may run a moment after the spinner is on screen.
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => observers[0]?.scrollIntoView());
    expect(await screen.findByText('Old Radio')).toBeTruthy();
    expect(screen.getByText('Old Lamp')).toBeTruthy();
    // One observer for the list's end, whatever the renders in between, let go once the last page is in.
    await waitFor(() => expect(observers[0]?.isConnected).toBe(false));
    expect(observers).toHaveLength(1);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/users/u1/wishes',
      '/api/users/u1/archived-wishes',
      '/api/users/u1/archived-wishes?cursor=c2',
    ]);
  });
});
