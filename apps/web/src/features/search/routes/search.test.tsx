import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { SEARCH_DEBOUNCE_MS } from '../lib/search-term';
import { SEARCH_TOO_SHORT, SearchPage } from './search';

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_QUERY_KEY, null);
  const router = createMemoryRouter([{ path: '/search', Component: SearchPage }], { initialEntries: ['/search'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Search users' });
}

describe('search', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says that one or two characters are not searched, and searches from three', async () => {
    vi.useFakeTimers();
    const calls = stubFetch((url) =>
      url.startsWith('/api/search/users')
        ? Response.json([{ id: 'u1', handle: 'annabel', displayName: 'Annabel', photoUrl: null }])
        : new Response('{}', { status: 404 }),
    );
    const input = renderSearch();
    fireEvent.change(input, { target: { value: 'an' } });
    expect(screen.getByText(SEARCH_TOO_SHORT)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(calls.filter((c) => c.url.startsWith('/api/search/users'))).toEqual([]);

    fireEvent.change(input, { target: { value: 'ann' } });
    expect(screen.queryByText(SEARCH_TOO_SHORT)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    vi.useRealTimers();
    expect(await screen.findByText('Annabel')).toBeTruthy();

    // Back to two characters: the old results give way to the hint.
    fireEvent.change(input, { target: { value: 'an' } });
    expect(screen.getByText(SEARCH_TOO_SHORT)).toBeTruthy();
    expect(screen.queryByText('Annabel')).toBeNull();
  });
});
