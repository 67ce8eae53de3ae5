import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_QUERY_ROOT,
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  MESSAGES_QUERY_ROOT,
  messagesQueryKey,
} from '../components/conversations/conversation-queries';
import { FANS_QUERY_KEY } from '../components/fans/fan-queries';
import { INBOX_QUERY_ROOT } from '../components/inbox/inbox-queries';
import {
  ACTIVITY_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WALLET_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
} from '../components/wallet/wallet-queries';
import { ME_QUERY_KEY } from '../lib/session';
import { staleQueryKeys, useLiveEvents } from './live-events';

const ME = {
  id: 'u1',
  handle: 'sweet_fan',
  displayName: 'Sweet Fan',
  photoUrl: null,
  phoneNumber: '+12025550123',
  email: null,
  isProfileComplete: true,
};

describe('which queries a live event makes stale', () => {
  it.each([
    ['wallet', [WALLET_QUERY_KEY, STATEMENT_QUERY_KEY]],
    ['withdrawals', [WITHDRAWALS_QUERY_KEY, STATEMENT_QUERY_KEY]],
    ['payout-account', [PAYOUT_ACCOUNT_QUERY_KEY]],
    ['purchases', [PURCHASES_QUERY_KEY, ACTIVITY_QUERY_KEY]],
    ['received', [RECEIVED_QUERY_KEY, ACTIVITY_QUERY_KEY]],
    ['fans', [FANS_QUERY_KEY]],
    ['inbox', [INBOX_QUERY_ROOT]],
  ])('%s', (topic, keys) => {
    expect(staleQueryKeys(JSON.stringify({ topic }))).toEqual(keys);
  });

  it('conversations: the list, the badges and the conversation the event names', () => {
    expect(staleQueryKeys('{"topic":"conversations","conversationId":"c1"}')).toEqual([
      CONVERSATIONS_QUERY_KEY,
      ACTIVITY_QUERY_KEY,
      conversationQueryKey('c1'),
    ]);
    // Without a name, every conversation.
    expect(staleQueryKeys('{"topic":"conversations"}')).toEqual([
      CONVERSATIONS_QUERY_KEY,
      ACTIVITY_QUERY_KEY,
      CONVERSATION_QUERY_ROOT,
    ]);
  });

  it('messages: only the message store of the conversation the event names', () => {
    expect(staleQueryKeys('{"topic":"messages","conversationId":"c1"}')).toEqual([messagesQueryKey('c1')]);
    expect(staleQueryKeys('{"topic":"messages","conversationId":7}')).toEqual([MESSAGES_QUERY_ROOT]);
  });

  it.each([
    ['an unknown topic', '{"topic":"weather"}'],
    ['no topic', '{}'],
    ['null', 'null'],
    ['data that is not JSON', 'wallet'],
  ])('none for %s', (_label, data) => {
    expect(staleQueryKeys(data)).toEqual([]);
  });
});

/** A stand-in for the browser's EventSource that a test can make speak. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  isClosed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data?: string) {
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data }));
  }
}

function setUp(me: typeof ME | null) {
  vi.stubGlobal('EventSource', FakeEventSource);
  // The session is what the test says it is: nothing is fetched.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, me);
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveEvents(), { wrapper });
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { client, hook, invalidate, invalidated };
}

/** An open conversation screen's message store, whose fetch answers how many times it ran. */
function useCountingStore(id: string, fetches: string[]) {
  return useQuery({
    queryKey: messagesQueryKey(id),
    queryFn: () => {
      fetches.push(id);
      return fetches.filter((f) => f === id).length;
    },
  });
}

/** Every query the stream keeps current, in the order it refetches them. */
const EVERY_FOLLOWED = [
  WALLET_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  ACTIVITY_QUERY_KEY,
  CONVERSATIONS_QUERY_KEY,
  CONVERSATION_QUERY_ROOT,
  MESSAGES_QUERY_ROOT,
  FANS_QUERY_KEY,
  INBOX_QUERY_ROOT,
];

describe('the live events stream', () => {
  afterEach(() => {
    cleanup();
    FakeEventSource.instances = [];
    vi.unstubAllGlobals();
  });

  it('refetches what each change event names', () => {
    const { invalidated } = setUp(ME);
    const [source] = FakeEventSource.instances;
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(source?.url).toBe('/api/events');

    act(() => source?.emit('change', '{"topic":"received"}'));
    expect(invalidated()).toEqual([RECEIVED_QUERY_KEY, ACTIVITY_QUERY_KEY]);
  });

  it("makes an open conversation's messages current, and only that one's", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    client.setQueryData(ME_QUERY_KEY, ME);
    const fetches: string[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        useLiveEvents();
        return [useCountingStore('c1', fetches).data, useCountingStore('c2', fetches).data];
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current).toEqual([1, 1]));

    act(() => FakeEventSource.instances[0]?.emit('change', '{"topic":"messages","conversationId":"c1"}'));
    await waitFor(() => expect(result.current).toEqual([2, 1]));
    expect(fetches).toEqual(['c1', 'c2', 'c1']);
  });

  it('refetches everything it follows each time the server says the stream listens, the first time too', () => {
    const { invalidated, invalidate } = setUp(ME);
    const [source] = FakeEventSource.instances;
    // Connected, but the server may not listen yet: nothing is refetched before its `ready`.
    act(() => source?.emit('open'));
    expect(invalidated()).toEqual([]);
    // A top-up credited between the page's first wallet read and the stream's start sent its event to no
    // one: the first `ready` fetches again what was read before it, and so does every reconnection's.
    for (const times of [1, 2]) {
      act(() => source?.emit('ready', '{}'));
      expect(invalidate).toHaveBeenCalledTimes(EVERY_FOLLOWED.length * times);
    }
    expect(invalidated().slice(0, EVERY_FOLLOWED.length)).toEqual(EVERY_FOLLOWED);
  });

  it('opens nothing for a visitor, and closes on sign-out', async () => {
    const visitor = setUp(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    visitor.hook.unmount();

    const { client } = setUp(ME);
    const [source] = FakeEventSource.instances;
    act(() => client.setQueryData(ME_QUERY_KEY, null));
    await waitFor(() => expect(source?.isClosed).toBe(true));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
