import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staleQueryKeys, useLiveEvents } from './live-events';
import { ME_QUERY_KEY } from './session';
import {
  ACTIVITY_QUERY_KEY,
  PAYOUT_ACCOUNT_QUERY_KEY,
  PURCHASES_QUERY_KEY,
  RECEIVED_QUERY_KEY,
  STATEMENT_QUERY_KEY,
  WALLET_QUERY_KEY,
  WITHDRAWALS_QUERY_KEY,
} from './wallet';

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
  ])('%s', (topic, keys) => {
    expect(staleQueryKeys(JSON.stringify({ topic }))).toEqual(keys);
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

  it('refetches everything it follows when it reconnects, not when it first opens', () => {
    const { invalidated } = setUp(ME);
    const [source] = FakeEventSource.instances;
    act(() => source?.emit('open'));
    expect(invalidated()).toEqual([]);
    act(() => source?.emit('open'));
    expect(invalidated()).toEqual([
      WALLET_QUERY_KEY,
      STATEMENT_QUERY_KEY,
      WITHDRAWALS_QUERY_KEY,
      PAYOUT_ACCOUNT_QUERY_KEY,
      PURCHASES_QUERY_KEY,
      RECEIVED_QUERY_KEY,
      ACTIVITY_QUERY_KEY,
    ]);
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
