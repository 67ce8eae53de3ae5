import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss, notify } from '../lib/notification-store';
import { Notifications } from './notifications';

// Needs modules of its own (vitest.config.ts): the stack's code must load for the first time here.

describe('messages to the user', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const item of currentNotifications()) dismiss(item.id);
    vi.useRealTimers();
  });

  it('stay their full time counted from when they show, however long their code took to load', async () => {
    // The stack's code loads with the first message; on a slow network that takes longer than a toast lasts.
    notify('Link Copied!', { severity: 'success', placement: 'toast', durationMs: 1000 });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(currentNotifications().map((n) => n.message)).toEqual(['Link Copied!']);

    render(<Notifications />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await vi.waitFor(() => expect(screen.getByText('Link Copied!')).toBeTruthy(), { timeout: 5000 });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.queryByText('Link Copied!')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Link Copied!')).toBeNull();
  });
});
