import type { InboxEvent } from '@sweetwish/shared/inbox';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../test-support/render-signed-in';
import { stubFetch } from '../../../test-support/stub-fetch';
import { InboxPage } from './inbox';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const event = (id: string, text: string, isRead: boolean): InboxEvent => ({
  id,
  kind: 'gift',
  text,
  path: `/received/item/${id}`,
  createdAt: '2026-11-22T15:04:00.000Z',
  isRead,
});

describe('the inbox screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists events with their time and link, marks the unread ones read once, and keeps them marked New', async () => {
    let unread = 1;
    const calls = stubFetch((url, sent) => {
      if (url === '/api/inbox') {
        const events = [event('e2', 'Ana sent you a $5 tip.', unread === 0), event('e1', 'Bo sent you a gift.', true)];
        return json({ items: events, nextCursor: null });
      }
      if (url === '/api/inbox/unread') return json({ unreadCount: unread });
      if (url === '/api/inbox/read' && sent.method === 'POST') {
        unread = 0;
        return json({ unreadCount: 0 });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'nothing here' } }, 404);
    });
    renderSignedIn(InboxPage, { path: '/inbox' });
    const list = await screen.findByRole('list', { name: 'Inbox' });
    const tip = within(list).getByRole('link', { name: /Ana sent you a \$5 tip\./ });
    expect(tip.getAttribute('href')).toBe('/received/item/e2');
    expect(within(tip).getByText('New')).toBeTruthy();
    expect(within(tip).getByText(/Nov 22nd/)).toBeTruthy();
    expect(within(within(list).getByRole('link', { name: /Bo sent you a gift/ })).queryByText('New')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/inbox/read')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/inbox/read')?.body))).toEqual({ ids: ['e2'] });
    // The bell takes the count the server answered.
    expect(await screen.findByRole('link', { name: 'Inbox' })).toBeTruthy();
    expect(within(list).getByText('New')).toBeTruthy();
  });

  it('says so when nothing happened yet', async () => {
    stubFetch((url) => (url === '/api/inbox' ? json({ items: [], nextCursor: null }) : json({ unreadCount: 0 })));
    renderSignedIn(InboxPage, { path: '/inbox' });
    expect(await screen.findByText('Nothing Yet')).toBeTruthy();
  });
});
