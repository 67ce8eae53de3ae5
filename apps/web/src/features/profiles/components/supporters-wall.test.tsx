import type { WallEntry } from '@sweetwish/shared/gift-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-support/stub-fetch';
import { SupportersWall } from './supporters-wall';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const entry = (id: string, fields: Partial<WallEntry> = {}): WallEntry => ({
  id,
  name: 'Mia',
  kind: 'tip',
  wishName: null,
  message: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...fields,
});

function renderWall(items: WallEntry[], nextCursor: string | null, isOwner = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SupportersWall handle="bella" firstPage={{ items, nextCursor }} isOwner={isOwner} />
    </QueryClientProvider>,
  );
}

const entries = () => screen.getAllByTestId('wall-entry').map((li) => li.textContent);

describe('the supporters wall', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each gift and tip with its name and message as plain text, and the next entries on "Show more"', async () => {
    const calls = stubFetch((url) =>
      url === '/api/users/bella/wall?cursor=c2'
        ? json({ items: [entry('p3', { name: 'Anonymous', message: 'Keep going' })], nextCursor: null })
        : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
    );
    renderWall(
      [
        entry('p1', { message: 'Hello <b>stream</b>!' }),
        entry('p2', { name: 'Leo', kind: 'gift', wishName: 'Desk lamp' }),
      ],
      'c2',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Supporters' })).toBeTruthy();
    expect(entries()).toEqual(['Mia sent a tip“Hello <b>stream</b>!”', 'Leo gifted Desk lamp']);
    expect(document.querySelector('b')).toBeNull();
    // Nothing for a visitor to hide.
    expect(screen.queryByRole('button', { name: /Hide/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries()[2]).toBe('Anonymous sent a tip“Keep going”');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/users/bella/wall?cursor=c2']);
  });

  it('lets the creator hide an entry after asking, and it leaves the wall', async () => {
    const calls = stubFetch((url, sent) => {
      if (sent.method === 'POST' && url === '/api/gift-messages/p1/hide') return new Response(null, { status: 204 });
      if (url === '/api/users/bella/wall?limit=10')
        return json({ items: [entry('p2', { name: 'Leo' })], nextCursor: null });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    });
    renderWall([entry('p1', { message: 'Too much' }), entry('p2', { name: 'Leo' })], null, true);
    fireEvent.click(await screen.findByRole('button', { name: "Hide Mia's entry from your wall" }));
    const dialog = screen.getByRole('dialog', { name: 'Hide from your wall?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(entries()).toEqual(['Leo sent a tip']));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/gift-messages/p1/hide',
    ]);
  });
});
