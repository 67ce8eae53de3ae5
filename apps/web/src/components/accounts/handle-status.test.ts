import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  type CheckAvailability,
  HANDLE_CHECK_DEBOUNCE_MS,
  handleStatusMessage,
  localHandleStatus,
  resolveHandleStatus,
  useHandleStatus,
} from './handle-status';

describe('localHandleStatus', () => {
  it.each([
    ['abc', 'short'],
    ['a'.repeat(25), 'long'],
    ['sweet-wish', 'invalid'],
    ['sweet wish', 'invalid'],
    ['settings', 'taken'],
    ['HOME', 'taken'],
  ])('judges %j as %s without asking the server', (handle, status) => {
    expect(localHandleStatus(handle)).toBe(status);
  });

  it('leaves a well-formed handle to the server', () => {
    expect(localHandleStatus('sweet_wish1')).toBeUndefined();
    expect(localHandleStatus('abcd')).toBeUndefined();
    expect(localHandleStatus('a'.repeat(24))).toBeUndefined();
  });
});

describe('resolveHandleStatus', () => {
  it('is available or taken as the server says', async () => {
    expect(await resolveHandleStatus('sweet_wish', async () => true)).toBe('available');
    expect(await resolveHandleStatus('sweet_wish', async () => false)).toBe('taken');
  });

  it('does not ask the server about a handle with a problem of its own', async () => {
    const check = vi.fn<CheckAvailability>(async () => true);
    expect(await resolveHandleStatus('ab', check)).toBe('short');
    expect(await resolveHandleStatus('profile', check)).toBe('taken');
    expect(check).not.toHaveBeenCalled();
  });

  it('is error when the check fails, invalid when the server refuses the handle', async () => {
    expect(await resolveHandleStatus('sweet_wish', () => Promise.reject(new TypeError('offline')))).toBe('error');
    const refused = new ApiError(400, { code: 'VALIDATION', message: 'Only letters, numbers, and _' });
    expect(await resolveHandleStatus('sweet_wish', () => Promise.reject(refused))).toBe('invalid');
  });
});

describe('handleStatusMessage', () => {
  it("uses product.md's texts", () => {
    expect(handleStatusMessage('idle')).toBeUndefined();
    expect(handleStatusMessage('short')).toBe('Too Short');
    expect(handleStatusMessage('long')).toBe('Too Long');
    expect(handleStatusMessage('invalid')).toBe('Only letters, numbers, and _');
    expect(handleStatusMessage('taken')).toBe('Handle taken, try another');
    expect(handleStatusMessage('error')).toBe('Error checking handle...');
    expect(handleStatusMessage('available')).toBe('Available');
  });
});

describe('useHandleStatus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function deferred() {
    let resolve: (value: boolean) => void = () => {};
    const promise = new Promise<boolean>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  it('stays idle while typing and judges the handle 1 s after the last keystroke', async () => {
    const answer = deferred();
    const check = vi.fn<CheckAvailability>(() => answer.promise);
    const { result, rerender } = renderHook(({ handle }) => useHandleStatus(handle, check), {
      initialProps: { handle: 'swee' },
    });
    expect(result.current).toBe('idle');
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS - 100));
    rerender({ handle: 'sweet' });
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS - 1));
    expect(result.current).toBe('idle');
    expect(check).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe('checking');
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('sweet');

    // The answer reaches the hook a few promise steps later.
    answer.resolve(true);
    await vi.waitFor(() => expect(result.current).toBe('available'));
  });

  it('shows a problem of the handle itself after the pause, without a server call', async () => {
    const check = vi.fn<CheckAvailability>(async () => true);
    const { result } = renderHook(() => useHandleStatus('ab', check));
    expect(result.current).toBe('idle');
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS));
    expect(result.current).toBe('short');
    expect(check).not.toHaveBeenCalled();
  });

  it('reports a reserved handle as taken', async () => {
    const { result } = renderHook(() => useHandleStatus('settings', async () => true));
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS));
    expect(result.current).toBe('taken');
  });

  it('reports a failed check as error', async () => {
    const { result } = renderHook(() => useHandleStatus('sweet_wish', () => Promise.reject(new Error('down'))));
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS));
    expect(result.current).toBe('error');
  });

  it('goes back to idle on the next keystroke and ignores the answer about the old handle', async () => {
    const first = deferred();
    const check = vi.fn<CheckAvailability>(() => first.promise);
    const { result, rerender } = renderHook(({ handle }) => useHandleStatus(handle, check), {
      initialProps: { handle: 'sweet' },
    });
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS));
    expect(result.current).toBe('checking');

    rerender({ handle: 'sweet_' });
    expect(result.current).toBe('idle');
    await act(async () => first.resolve(true));
    expect(result.current).toBe('idle');
  });

  it('is idle for an empty field', async () => {
    const check = vi.fn<CheckAvailability>(async () => true);
    const { result } = renderHook(() => useHandleStatus('', check));
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DEBOUNCE_MS * 2));
    expect(result.current).toBe('idle');
    expect(check).not.toHaveBeenCalled();
  });
});
