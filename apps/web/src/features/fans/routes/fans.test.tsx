import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { FansPage } from './fans';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const fan = (n: number) => ({
  fan: { id: `f${n}`, handle: `fan_${n}`, displayName: `Fan ${n}`, photoUrl: null },
  totalGivenCents: 100,
  since: '2026-03-01T10:00:00.000Z',
});

/** Stands in for IntersectionObserver: the test says when the list's end comes into view. */
const observers: Array<(isIntersecting: boolean) => void> = [];
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observers.push((isIntersecting) =>
      this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
    );
  }
  disconnect() {}
}

/**
 * The end of the list scrolls into view. It waits until the list watches its end (an effect after the list
 * shows), as a real observer reports only once it observes.
 */
async function scrollToEnd() {
  await vi.waitFor(() => expect(observers.length).toBeGreaterThan(0), { timeout: 5_000 });
  act(() => {
    for (const scrolledTo of observers) scrolledTo(true);
  });
}

function renderFans() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'creator', displayName: 'Creator' });
  const router = createMemoryRouter([{ path: '/fans', Component: FansPage }], { initialEntries: ['/fans'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the fans screen', () => {
  afterEach(() => {
    cleanup();
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('loads the next page when the end of the list scrolls into view, and stops at the last', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const calls = stubFetch((url) => {
      if (url === '/api/fans') return json({ items: [fan(1), fan(2)], nextCursor: 'page-2' });
      if (url === '/api/fans?cursor=page-2') return json({ items: [fan(3)], nextCursor: null });
      return json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404);
    });
    renderFans();
    expect(await screen.findByText('Fan 2')).toBeTruthy();
    expect(screen.queryByText('Fan 3')).toBeNull();
    expect(calls.filter((call) => call.url.startsWith('/api/fans'))).toHaveLength(1);

    await scrollToEnd();
    expect(await screen.findByText('Fan 3')).toBeTruthy();
    expect(screen.getByText('Fan 1')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/fans')).map((call) => call.url)).toEqual([
      '/api/fans',
      '/api/fans?cursor=page-2',
    ]);
    // The last page has no next one: nothing is left to watch or load.
    expect(screen.queryByLabelText('Loading more fans')).toBeNull();
  });

  it('keeps the rows when a next page fails, and offers Try Again', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    let isDown = true;
    stubFetch((url) => {
      if (url === '/api/fans') return json({ items: [fan(1)], nextCursor: 'page-2' });
      if (url === '/api/fans?cursor=page-2' && !isDown) return json({ items: [fan(2)], nextCursor: null });
      return json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, 500);
    });
    renderFans();
    expect(await screen.findByText('Fan 1')).toBeTruthy();
    await scrollToEnd();
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.getByText('Fan 1')).toBeTruthy();
    isDown = false;
    act(() => tryAgain.click());
    expect(await screen.findByText('Fan 2')).toBeTruthy();
  });
});
