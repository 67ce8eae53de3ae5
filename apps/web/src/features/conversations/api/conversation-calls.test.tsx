import type { Message } from '@sweetwish/shared/conversations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesQueryKey } from '../../../components/conversations/conversation-queries';
import { ME_QUERY_KEY } from '../../../lib/session';
import { stubFetch } from '../../../test-support/stub-fetch';
import { loadOlderMessages, useMessageStore } from './conversation-calls';

function message(seq: number, version = seq): Message {
  return {
    id: `m${seq}`,
    seq,
    version,
    type: 'text',
    isMine: false,
    content: `message ${seq}`,
    image: null,
    purchase: null,
    sentAt: '2025-11-22T10:00:00.000Z',
    reaction: null,
    participantReaction: null,
    isRemoved: false,
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/** The server, answering each address from `answers` in turn; the addresses asked are recorded. */
function stubServer(answers: Record<string, unknown[]>) {
  const asked: string[] = [];
  stubFetch((url) => {
    if (url === '/api/me') return new Response(JSON.stringify({ id: 'u1' }), { status: 200 });
    asked.push(url);
    const path = url.replace(/^\/api\/conversations\/c1\/messages/, '');
    const answer = answers[path]?.shift();
    if (answer === undefined) return new Response('{}', { status: 500 });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return asked;
}

function renderStore() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_QUERY_KEY, { id: 'u1' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMessageStore('c1'), { wrapper });
  const seqs = () => result.current.data?.messages.map((m) => m.seq);
  return { client, result, seqs };
}

describe("a conversation's message store", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads the newest 30, then only what changed since the version it holds', async () => {
    const asked = stubServer({
      '?limit=30': [{ messages: range(11, 40), hasOlder: true, version: 40 }],
      '/changes?since=40': [{ messages: [message(12, 42), message(41)], version: 42, isComplete: true }],
      '/changes?since=42': [{ messages: [], version: 42, isComplete: true }],
    });
    const { client, result, seqs } = renderStore();
    await waitFor(() => expect(result.current.data?.version).toBe(40));

    // A live `messages` event.
    await client.invalidateQueries({ queryKey: messagesQueryKey('c1') });
    await waitFor(() => expect(result.current.data?.version).toBe(42));
    expect(seqs()).toEqual(range(11, 41).map((m) => m.seq));
    expect(result.current.data?.messages[1]?.version).toBe(42);

    await client.invalidateQueries({ queryKey: messagesQueryKey('c1') });
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked).toEqual([
      '/api/conversations/c1/messages?limit=30',
      '/api/conversations/c1/messages/changes?since=40',
      '/api/conversations/c1/messages/changes?since=42',
    ]);
  });

  it('starts again from the newest page when the changes are too many to send', async () => {
    stubServer({
      '?limit=30': [
        { messages: range(11, 40), hasOlder: true, version: 40 },
        { messages: range(671, 700), hasOlder: true, version: 700 },
      ],
      '/changes?since=40': [{ messages: range(41, 540), version: 700, isComplete: false }],
    });
    const { client, result, seqs } = renderStore();
    await waitFor(() => expect(result.current.data?.version).toBe(40));
    await client.invalidateQueries({ queryKey: messagesQueryKey('c1') });
    await waitFor(() => expect(result.current.data?.version).toBe(700));
    expect(seqs()).toEqual(range(671, 700).map((m) => m.seq));
  });

  it('pages back from the oldest message held, until there is nothing older', async () => {
    const asked = stubServer({
      '?limit=30': [{ messages: range(31, 60), hasOlder: true, version: 60 }],
      '?before=31&limit=30': [{ messages: range(1, 30), hasOlder: false, version: 61 }],
    });
    const { client, result, seqs } = renderStore();
    await waitFor(() => expect(result.current.data?.hasOlder).toBe(true));
    await loadOlderMessages(client, 'c1');
    await waitFor(() => expect(result.current.data?.hasOlder).toBe(false));
    expect(seqs()).toEqual(range(1, 60).map((m) => m.seq));
    // The page's newer version is not taken: changes since 60 are still to be fetched.
    expect(result.current.data?.version).toBe(60);
    await loadOlderMessages(client, 'c1');
    expect(asked).toHaveLength(2);
  });
});
