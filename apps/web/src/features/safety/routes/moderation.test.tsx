import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { ModerationPage } from './moderation';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const wishReport = {
  id: 'r1',
  kind: 'wish',
  targetId: 'w1',
  targetUserId: 'u2',
  owner: { id: 'u2', handle: 'sunny', displayName: 'Sunny Petal' },
  reporterId: 'u3',
  reporter: { id: 'u3', handle: 'fan_one', displayName: 'Fan One' },
  reason: 'scam',
  note: 'A counterfeit',
  snapshot: { wish: { name: 'Suspicious Watch', description: 'Totally real', cost: 40, image: null } },
  contentPath: '/x/w1',
  createdAt: '2026-11-27T10:00:00.000Z',
  reportCount: 3,
  reasons: [
    { reason: 'scam', count: 2 },
    { reason: 'intellectual_property', count: 1 },
  ],
  lastReportedAt: '2026-11-27T10:00:00.000Z',
};

class NoObserver {
  observe() {}
  disconnect() {}
}

function renderModeration() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1', handle: 'mod', displayName: 'Mod' });
  const router = createMemoryRouter([{ path: '/moderation', Component: ModerationPage }], {
    initialEntries: ['/moderation'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the moderation screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is nothing to someone the server does not take for a moderator', async () => {
    stubFetch(() =>
      json({ error: { code: 'NOT_FOUND', message: 'No API route for GET /api/moderation/reports' } }, 404),
    );
    renderModeration();
    expect(await screen.findByText("There's Nothing Here.")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Moderation' })).toBeNull();
  });

  it('shows a report with the wish as it was reported, and hides the wish with a reason', async () => {
    vi.stubGlobal('IntersectionObserver', NoObserver);
    let isOpen = true;
    const calls = stubFetch((url, sent) => {
      if (url.startsWith('/api/moderation/reports?') || url === '/api/moderation/reports') {
        return json({ items: isOpen ? [wishReport] : [], nextCursor: null });
      }
      if (url === '/api/moderation/reports/r1/actions' && sent.method === 'POST') {
        isOpen = false;
        return json({ reportId: 'r1', action: 'hide' });
      }
      if (url === '/api/moderation/suspended') return json({ items: [], nextCursor: null });
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderModeration();
    const card = await screen.findByLabelText('Wish report');
    expect(within(card).getByText('Suspicious Watch')).toBeTruthy();
    expect(within(card).getByText('Note: A counterfeit')).toBeTruthy();
    // Three reports merged: their reasons, who filed the first, whose wish it is and where it is.
    expect(within(card).getByText('Scam × 2')).toBeTruthy();
    expect(within(card).getByText('Intellectual property')).toBeTruthy();
    expect(within(card).getByText('3 reports')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Sunny Petal @sunny' }).getAttribute('href')).toBe('/sunny');
    expect(within(card).getByText('First reported by')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Fan One @fan_one' }).getAttribute('href')).toBe('/fan_one');
    expect(within(card).getByRole('link', { name: 'Open the wish as it is now' }).getAttribute('href')).toBe('/x/w1');
    expect(within(card).queryByRole('button', { name: 'Hide Message' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Hide Wish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this wish' });
    expect(within(dialog).getByText("The wish's owner is sent this reason by text or e-mail.")).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Counterfeit' } });
    fireEvent.click(confirm);

    await waitFor(() => expect(screen.getByText('No open reports')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/moderation/reports/r1/actions',
      method: 'POST',
      body: JSON.stringify({ action: 'hide', reason: 'Counterfeit' }),
    });
  });

  it('lists the suspended accounts and lifts a suspension with a reason', async () => {
    vi.stubGlobal('IntersectionObserver', NoObserver);
    let isSuspended = true;
    const calls = stubFetch((url, sent) => {
      if (url === '/api/moderation/reports') return json({ items: [], nextCursor: null });
      if (url === '/api/moderation/suspended') {
        const account = {
          id: 'u2',
          handle: 'sunny',
          displayName: 'Sunny Petal',
          suspendedAt: '2026-11-27T10:00:00.000Z',
        };
        return json({ items: isSuspended ? [account] : [], nextCursor: null });
      }
      if (url === '/api/moderation/suspended/u2/lift' && sent.method === 'POST') {
        isSuspended = false;
        return new Response(null, { status: 204 });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderModeration();
    const list = await screen.findByRole('list', { name: 'Suspended accounts' });
    expect(within(list).getByText('Sunny Petal @sunny')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Lift Suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the suspension of @sunny' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: ' Reviewed ' } });
    fireEvent.click(confirm);

    expect(await screen.findByText('No suspended accounts')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/moderation/suspended/u2/lift',
      method: 'POST',
      body: JSON.stringify({ reason: 'Reviewed' }),
    });
  });
});
