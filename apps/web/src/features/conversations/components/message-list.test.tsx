import type { Conversation, Message } from '@sweetwish/shared/conversations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-support/stub-fetch';
import type { MessageStore } from '../lib/message-store';
import { testMessage as message } from '../lib/test-message';
import { MessageList } from './message-list';

const conversation: Conversation = {
  id: 'c1',
  purchaseId: 'p1',
  purchase: { type: 'tip', name: null, costCents: 500 },
  role: 'recipient',
  participant: { id: 'u2', handle: 'sweet_fan', displayName: 'Sweet Fan', photoUrl: null },
  createdAt: new Date(2025, 10, 22, 15, 4).toISOString(),
  updatedAt: new Date(2025, 10, 22, 15, 30).toISOString(),
  seenAt: null,
  participantSeenAt: new Date(2025, 10, 22, 15, 20).toISOString(),
  isUnread: false,
  lastMessage: null,
  sendBlock: null,
};

const lockedImage = {
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  width: 800,
  height: 400,
  isLocked: true,
  thumbUrl: null,
  url: null,
};

/** The API: records each call and answers the message it was about, changed as the call asks. */
function stubApi(messages: Message[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  stubFetch((url, sent) => {
    const body = typeof sent.body === 'string' && sent.body !== '' ? JSON.parse(sent.body) : undefined;
    calls.push({ method: sent.method, url, body });
    const id = /messages\/([^/]+)\//.exec(url)?.[1];
    const found = messages.find((m) => m.id === id) ?? messages[0];
    const changed = url.endsWith('/unlock')
      ? { ...found, version: 99, image: { ...lockedImage, isLocked: false, thumbUrl: '/thumb', url: '/full' } }
      : { ...found, version: 99, reaction: body?.reaction ?? null };
    return new Response(JSON.stringify(changed), { status: 200 });
  });
  return calls;
}

function renderList(store: MessageStore) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MessageList conversation={conversation} store={store} />
    </QueryClientProvider>,
  );
}

const item = (text: string) => within(screen.getByRole('list', { name: 'Messages' })).getByText(text);

describe('the message list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('heads the list with "Start of Conversation" and when it began, once nothing older is left', () => {
    stubApi([]);
    renderList({ messages: [message(1)], hasOlder: false, version: 1 });
    expect(screen.getByText('Start of Conversation')).toBeTruthy();
    expect(screen.getByText('November 22nd, 3:04 PM')).toBeTruthy();
    cleanup();
    renderList({ messages: [message(31)], hasOlder: true, version: 31 });
    expect(screen.queryByText('Start of Conversation')).toBeNull();
  });

  it('gives each message its time and names the hearts on it', () => {
    stubApi([]);
    renderList({
      messages: [message(1, { reaction: 'heart', participantReaction: 'heart' }), message(2)],
      hasOlder: false,
      version: 2,
    });
    expect(screen.getByText('3:06 PM')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Hearted by you' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Hearted by Sweet Fan' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Hearted by/ })).toHaveLength(2);
  });

  it("gives the purchase bubble the gift's own date and time, not when the conversation opened", () => {
    stubApi([]);
    const boughtAt = new Date(2025, 10, 20, 9, 30).toISOString();
    const purchase = {
      type: 'tip' as const,
      costCents: 2500,
      reversedCents: 0,
      product: null,
      message: null,
      boughtAt,
    };
    renderList({ messages: [message(1, { type: 'purchase', content: null, purchase })], hasOlder: false, version: 1 });
    expect(screen.getByText('Nov 20th, 9:30 AM')).toBeTruthy();
    expect(screen.queryByText('3:06 PM')).toBeNull();
  });

  it('toggles the heart on a double tap and does nothing on a single one', async () => {
    const messages = [message(1), message(2, { reaction: 'heart' })];
    const calls = stubApi(messages);
    renderList({ messages, hasOlder: false, version: 2 });
    // Only the clock is faked: taps are timed by it.
    vi.useFakeTimers({ toFake: ['Date'] });
    const tapAt = (text: string, at: number) => {
      vi.setSystemTime(at);
      fireEvent.click(item(text));
    };
    tapAt('message 1', 1000);
    tapAt('message 1', 2000);
    expect(calls).toEqual([]);
    tapAt('message 1', 2300);
    tapAt('message 2', 5000);
    tapAt('message 2', 5100);
    vi.useRealTimers();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/conversations/c1/messages/m1/reaction', body: { reaction: 'heart' } },
      { method: 'PUT', url: '/api/conversations/c1/messages/m2/reaction', body: { reaction: null } },
    ]);
  });

  it("keeps the other participant's image locked until Unlock, which asks the server", async () => {
    const messages = [message(1, { type: 'image', content: null, image: lockedImage })];
    const calls = stubApi(messages);
    renderList({ messages, hasOlder: false, version: 1 });
    expect(screen.getByRole('img', { name: 'Locked image from Sweet Fan' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Image from Sweet Fan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock image' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/conversations/c1/messages/m1/unlock' });
  });

  it('says "Seen" under the last message of the viewer once the other participant read it', () => {
    stubApi([]);
    const read = message(2, { isMine: true, sentAt: new Date(2025, 10, 22, 15, 10).toISOString() });
    const unread = message(3, { isMine: true, sentAt: new Date(2025, 10, 22, 15, 25).toISOString() });
    renderList({ messages: [message(1), read], hasOlder: false, version: 2 });
    expect(screen.getByText('· Seen')).toBeTruthy();
    cleanup();
    renderList({ messages: [message(1), read, unread], hasOlder: false, version: 3 });
    expect(screen.queryByText('· Seen')).toBeNull();
  });
});
