import type { OverlayState } from '@sweetwish/shared/overlay';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-support/stub-fetch';
import { useOverlayStream } from './overlay-stream';

/** A stand-in for the browser's EventSource that the test makes speak, with its last event id. */
class FakeEventSource extends EventTarget {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
    });
  }
  /** The browser gave up on this stream (an error status): it will not reconnect by itself. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.onerror?.());
  }
}

const STATE: OverlayState = {
  showAlerts: true,
  isSoundOn: false,
  goal: null,
  leaderboard: null,
  leaderboardPeriod: 'today',
  isPaused: false,
  speech: null,
};
const alert = (amountCents: number, isTest = false) => ({
  kind: 'tip',
  name: 'Fan',
  amountCents,
  wish: null,
  isTest,
  message: null,
  approvedId: null,
  isReplay: false,
});
const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

describe('the overlay stream', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => {
    cleanup();
    FakeEventSource.instances = [];
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('queues alerts in arrival order, drops one it already has, and keeps test alerts', () => {
    const { result } = renderHook(() => useOverlayStream('s3cret', STATE));
    const source = latest();
    expect(source.url).toBe('/api/overlay/s3cret/events');
    source.emit('ready', {}, '10');
    source.emit('alert', alert(100), '11');
    source.emit('skip', {}, '12');
    source.emit('alert', alert(100), '11'); // again: dropped
    source.emit('alert', alert(300), '13');
    source.emit('alert', alert(500, true));
    expect(result.current.alert?.amountCents).toBe(100);
    act(() => result.current.shift());
    expect(result.current.alert?.amountCents).toBe(300);
    act(() => result.current.shift());
    expect(result.current.alert).toMatchObject({ amountCents: 500, isTest: true });
    act(() => result.current.shift());
    expect(result.current.alert).toBeUndefined();
  });

  it('opens a new stream after the last event when the browser gave up, and stops on a replaced address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 200;
    stubFetch(() => new Response(JSON.stringify(STATE), { status }));
    const { result } = renderHook(() => useOverlayStream('s3cret', STATE));
    latest().emit('ready', {}, '4');
    latest().emit('alert', alert(100), '5');
    latest().fail();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(latest().url).toBe('/api/overlay/s3cret/events?after=5');

    status = 404;
    latest().fail();
    await act(() => vi.advanceTimersByTimeAsync(2_000)); // the second failure in a row waits twice as long
    await waitFor(() => expect(result.current.isRevoked).toBe(true));
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
